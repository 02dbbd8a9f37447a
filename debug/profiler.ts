/**
 * Instruction counts of one computer move split by what ran, with the debugger's INT 3s and v86's
 * instruction counter: INT 3s sit on the entries of `update`, `pc_move` and the drawing routines (the
 * routines of screen.inc) and on every `int 21h` (DOS) and `int 33h` (MOUSE.COM) of the program; at
 * each entry the return address gets a temporary INT 3 too. The counter's difference between two
 * traps goes to the innermost routine or call on a shadow stack (everything a routine calls counts
 * as that routine, e.g. count_score as update, int 10h as drawing); what runs outside all of them is
 * "other" (main loop, place_stone's own code, BIOS interrupt handlers). Each trap adds 2 instructions
 * (the INT 3 and the stub's hlt), taken off again, so the categories sum to the move's total: the
 * counter from the click to HUMAN_TURN minus the traps' own instructions.
 */
import type { Machine } from "../emu/types.js";
import type { ProgramDebugger, Stop } from "./debugger.js";

export const CATEGORIES = ["update", "pc_move", "drawing", "MOUSE.COM", "DOS", "other"] as const;
export type Category = (typeof CATEGORIES)[number];

/** INT 3 then the stub's HLT: what one trap adds to the instruction counter. */
export const TRAP_INSTRUCTIONS = 2;
const DRAWING_FILE = /screen\.inc$/;
const INT_SITE: readonly [RegExp, Category][] = [
  [/^int\s+21h\b/i, "DOS"],
  [/^int\s+33h\b/i, "MOUSE.COM"],
];

export interface MoveProfile {
  counts: Record<Category, number>;
  /** Instructions from the start to the end, the traps' own taken off; the counts sum to it. */
  total: number;
  traps: number;
}

interface Frame {
  category: Category;
  /** Where the routine or call returns to, and SP once it has. */
  resume: number;
  sp: number;
}

/** The entry points and call sites the profiler watches, by offset. */
export function profileEvents(debug: ProgramDebugger): Map<number, { category: Category; call: boolean }> {
  const symbols = debug.symbols;
  const events = new Map<number, { category: Category; call: boolean }>();
  for (const routine of symbols.routines()) {
    const where = symbols.where(routine.start);
    if (!where) continue;
    if (routine.name === "update" || routine.name === "pc_move")
      events.set(routine.start, { category: routine.name, call: true });
    else if (DRAWING_FILE.test(where.file) && /^[a-z]/.test(routine.name))
      events.set(routine.start, { category: "drawing", call: true });
  }
  for (const line of symbols.map.lines) {
    for (const [pattern, category] of INT_SITE)
      if (pattern.test(line.text)) events.set(line.offset, { category, call: false });
  }
  return events;
}

/**
 * Profiles from now until `done()`: `start` begins the stretch (the human's click) and is awaited
 * alongside. The machine must run PISKASM.COM with the debugger attached and not stopped.
 */
export async function profileMove(
  machine: Machine,
  debug: ProgramDebugger,
  start: () => Promise<void>,
  done: () => boolean,
): Promise<MoveProfile> {
  const events = profileEvents(debug);
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const stack: Frame[] = [];
  let traps = 0;
  let last = machine.instructionCount();
  const first = last;
  const charge = (now: number, overhead: number): void => {
    counts[stack.at(-1)?.category ?? "other"] += now - last - overhead;
    last = now;
  };
  const handle = (stop: Stop): void => {
    traps++;
    charge(machine.instructionCount(), TRAP_INSTRUCTIONS);
    const { offset, registers } = stop;
    while (stack.length > 0 && offset === stack.at(-1)!.resume && registers.sp === stack.at(-1)!.sp)
      stack.pop();
    const event = offset === undefined ? undefined : events.get(offset);
    if (!event || offset === undefined) return;
    if (event.call) {
      const frame = registers.ss * 16 + registers.sp;
      stack.push({
        category: event.category,
        resume: machine.memory.readU16(frame),
        sp: (registers.sp + 2) & 0xffff,
      });
    } else {
      const next = debug.symbols.nextLine(offset);
      if (next !== undefined) stack.push({ category: event.category, resume: next, sp: registers.sp });
    }
  };
  const started = start();
  let finished = false;
  while (!finished) {
    const watched = new Set([...events.keys(), ...stack.map((f) => f.resume)]);
    let stop = await debug.runUntil(watched, done);
    while (stop !== "done") {
      handle(stop);
      if (done()) break;
      const here = stop.offset;
      if (here === undefined || !new Set([...events.keys(), ...stack.map((f) => f.resume)]).has(here)) break;
      stop = await debug.step();
    }
    if (stop === "done" || done()) finished = true;
  }
  charge(machine.instructionCount(), 0);
  debug.resume();
  await started;
  return { counts, total: last - first - traps * TRAP_INSTRUCTIONS, traps };
}
