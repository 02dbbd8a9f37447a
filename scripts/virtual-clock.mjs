// A clock of its own for the process that makes the menu state (the Makefile runs
// `node --import ./scripts/virtual-clock.mjs build/make-site.mjs menu-state ...`), so that two builds
// save the same machine, byte for byte; `make coverage` runs its campaign on it too, so that its
// instructions per move do not change with the host's speed (Node's worker threads take the same
// --import). v86 reads the host's time for its timers (performance.now: the
// PIT, the CPU's slices) and its CMOS clock (Date.now); a real clock makes every saved state differ.
// Here, before v86 loads (it binds performance.now when it loads):
//   - performance.now() starts at 0 and moves STEP_MS on with every call, so the guest's time follows
//     what the emulator and the code around it do, not how fast the host is;
//   - Date.now() is SOURCE_DATE_EPOCH (seconds; scripts/source-date-epoch.sh) plus that time;
//   - Math.random() is a fixed sequence;
//   - setTimeout waits in virtual time: its callbacks run, in order of their due time, once nothing
//     else is queued with setImmediate (the emulator's running slices); then the clock jumps to the
//     earliest due time (a halted guest waits for the PIT's next tick without the host waiting).
// Everything that runs is then ordered by setImmediate's queue and promises alone, both first in,
// first out, so the same program gives the same state. Only for a process that waits on nothing but
// the emulator: real I/O would not wait for a timer that the virtual clock has already run. `new Date()`
// without an argument still reads the host's clock (v86 reads it only for a CMOS alarm).
import { performance } from "node:perf_hooks";

const STEP_MS = 0.01;
const epochSeconds = Number(process.env.SOURCE_DATE_EPOCH);
if (!Number.isInteger(epochSeconds) || epochSeconds < 0) {
  throw new Error(
    `virtual-clock: SOURCE_DATE_EPOCH must be a whole number of seconds (it is ${JSON.stringify(process.env.SOURCE_DATE_EPOCH)})`,
  );
}

let now = 0;
performance.now = () => (now += STEP_MS);
Date.now = () => epochSeconds * 1000 + Math.floor(now);

// v86 draws its network card's MAC address with Math.random (and the state keeps it): a fixed
// sequence instead (mulberry32, seeded with the epoch).
let seed = epochSeconds >>> 0;
Math.random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const realSetImmediate = globalThis.setImmediate;
/** Immediates queued and not yet run, the timer pump's own aside. */
let immediates = 0;
globalThis.setImmediate = (callback, ...args) => {
  immediates++;
  return realSetImmediate(() => {
    immediates--;
    callback(...args);
  });
};

/** The virtual timers, by due time then by the order they were set. */
const timers = [];
let nextId = 1;
let pumping = false;

class VirtualTimeout {
  constructor(id) {
    this.id = id;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  hasRef() {
    return true;
  }
  [Symbol.toPrimitive]() {
    return this.id;
  }
}

globalThis.setTimeout = (callback, delayMs = 0, ...args) => {
  const timer = new VirtualTimeout(nextId++);
  const due = now + Math.max(0, Number(delayMs) || 0);
  const at = timers.findIndex((other) => other.due > due);
  timers.splice(at < 0 ? timers.length : at, 0, { timer, due, run: () => callback(...args) });
  pump();
  return timer;
};

globalThis.clearTimeout = (timer) => {
  if (timer === undefined || timer === null) return;
  const id = typeof timer === "object" ? timer.id : timer;
  const at = timers.findIndex((entry) => entry.timer.id === id);
  if (at >= 0) timers.splice(at, 1);
};

function pump() {
  if (pumping) return;
  pumping = true;
  realSetImmediate(fireDue);
}

/** Runs the first timer when it is due, or when nothing else is queued (then the clock jumps to it). */
function fireDue() {
  pumping = false;
  if (timers.length === 0) return;
  if (timers[0].due <= now || immediates === 0) {
    const entry = timers.shift();
    now = Math.max(now, entry.due);
    entry.run();
  }
  if (timers.length > 0) pump();
}
