/**
 * Boot to the game's menu under FreeDOS and under the project's small DOS: wall time (median of a few
 * boots in this process), emulated instructions, and the host CPU spent while the menu waits for a key.
 * Run through `node bench/run.mjs freedos`; FreeDOS comes from FREEDOS_IMAGE (a FreeDOS boot floppy),
 * without it only the small DOS is measured and the FreeDOS figures are reported as skipped.
 * Prints one `name value` line per figure. Needs `make` (build/piskasm.img, build/*.COM).
 */
import { resolve } from "node:path";
import { bootFloppy } from "../emu/node.js";
import type { Machine } from "../emu/types.js";
import { freedosBootImage } from "../freedos/cache.js";
import { findGame, Phase, readPhase } from "../guest/game-view.js";
import { median } from "../util/median.js";

const SMALL_DOS_IMAGE = "build/piskasm.img";
const BOOTS = 5;
const BOOT_TIMEOUT_MS = 60_000;
const IDLE_WINDOW_MS = 1000;

interface BootFigures {
  ms: number;
  instructions: number;
  idleCpuPercent: number;
}

function atMenu(machine: Machine): boolean {
  const game = findGame(machine.memory);
  return game !== undefined && readPhase(machine.memory, game) === Phase.MENU;
}

/** Host CPU used by this process while the guest sits at the menu, as a share of the wall time. */
async function idleCpuPercent(machine: Machine): Promise<number> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await machine.waitFor(() => performance.now() - started >= IDLE_WINDOW_MS, {
    timeoutMs: IDLE_WINDOW_MS * 10,
    what: "the end of the idle window",
  });
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) / 1000 / (performance.now() - started)) * 100;
}

async function bootOnce(image: string, measureIdle: boolean): Promise<BootFigures> {
  const started = performance.now();
  const machine = await bootFloppy(image);
  try {
    await machine.waitFor(() => atMenu(machine), {
      timeoutMs: BOOT_TIMEOUT_MS,
      what: `the game's menu (${image})`,
    });
    const ms = performance.now() - started;
    const instructions = machine.instructionCount();
    return { ms, instructions, idleCpuPercent: measureIdle ? await idleCpuPercent(machine) : Number.NaN };
  } finally {
    await machine.destroy();
  }
}

async function measure(name: string, image: string): Promise<void> {
  const runs: BootFigures[] = [];
  // The first boot also compiles v86's wasm; it is measured with the others and the median taken.
  for (let i = 0; i < BOOTS; i++) runs.push(await bootOnce(image, i === 0));
  console.log(`${name}_boot_to_menu_ms ${median(runs.map((r) => r.ms)).toFixed(0)}`);
  console.log(`${name}_boot_to_menu_instructions ${median(runs.map((r) => r.instructions))}`);
  console.log(`${name}_menu_idle_cpu_percent ${runs[0].idleCpuPercent.toFixed(1)}`);
}

async function main(): Promise<void> {
  await measure("small_dos", SMALL_DOS_IMAGE);
  const freedos = process.env.FREEDOS_IMAGE;
  if (!freedos) {
    console.error("bench/freedos: FreeDOS skipped: set FREEDOS_IMAGE to a FreeDOS boot floppy to measure it");
    return;
  }
  await measure("freedos", freedosBootImage(resolve(freedos)));
}

try {
  await main();
} catch (error) {
  console.error(`bench/freedos: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
