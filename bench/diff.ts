/**
 * Differential-run figures: cross-checked computer moves per second with 1 and 2 jobs, time per game,
 * the share of time in the emulator and in the harness, instructions per computer move, the emulator's
 * speed on a busy guest (MIPS) and the efficiency against the emulation bound
 * (moves/s divided by MIPS / instructions per move), and the speed of engine-ts against the emulated
 * asm engine on games of the same policy (microseconds per computer move, and their ratio).
 * For jobs 1 and 2 also: the guest's speed inside v86's run loop (MIPS), the host time per computer
 * move split into emulator (run loop) / engine-ts / policy / checks / other and all of the host's
 * share outside the emulator, JIT compilations per 100 games, and the efficiency against the emulation
 * bound (with J jobs the bound is J times one job's). The emulator's speed is also measured on the
 * evaluator's own instruction mix (`evaluator_mix`), and the guest's speed in the run loop is given
 * over both busy speeds.
 * The `playing` figures leave out each job's start-up (moves per second of the longest job's game
 * time), the `last_100_games` ones its warm-up too: what a long campaign gets from one job and from two.
 * `scaling_two_processes_over_one` runs two separate one-job CLI processes at once against one alone:
 * what the machine itself gives two emulators.
 * The `cpu` figures measure the same in CPU time of this process (all threads): on a machine shared with
 * other work they stay put while the wall-time figures move.
 * Run through `node bench/run.mjs diff` (needs `make`: build/piskasm.img and build/diff-worker.mjs).
 * Prints one `name value` line per figure.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { bootFloppy } from "../emu/node.js";
import { Game } from "../engine-ts/index.js";
import { planGames } from "../harness/game-spec.js";
import { enginePolicy } from "../harness/policies.js";
import { jobPart, runDiff, type RunResult } from "../harness/run.js";
import type { RunSummary } from "../harness/stats.js";
import type { GameOutcome } from "../harness/model.js";
import { FLOPPY_BYTES } from "../emu/floppy.js";

const IMAGE = resolve(process.argv[2] ?? "build/piskasm.img");
const WORKER = resolve("build/diff-worker.mjs");
/**
 * Long enough that the fixed costs of a job are a small part of the run, as in the campaigns the
 * harness is for: the boot to the menu (about 0.5 s) and the JIT's warm-up (the first 50-100 games run
 * at a third of the speed while v86 compiles the game's page again and again as new entry points
 * appear). Each job pays them, so they also set how close two jobs come to twice one job.
 */
const GAMES = 2000;
/** The games at the end of the run that show the speed once the JIT has warmed up. */
const WARM_GAMES = 100;
const MAX_COMPUTER_MOVES = 100;
const RUN_SEED = 0x5eed;
const MIPS_WINDOW_MS = 1000;

/** A boot sector that runs `loop` forever (the segments and SI, BX zeroed first). */
function bootSectorLoop(loop: string): string {
  return `
        bits 16
        org 7C00h
        cli
        xor ax, ax
        mov ds, ax
        mov ss, ax
        mov sp, 7C00h
        xor si, si
        xor bx, bx
${loop}
        times 510 - ($ - $$) db 0
        dw 0AA55h
`;
}

/** Table look-ups, shifts and adds, like the evaluator does. */
const BUSY_LOOP = `
busy:   mov al, [si + 8000h]
        shl ax, 1
        and ax, 3Eh
        mov di, ax
        add bx, [di + 9000h]
        mov [si + 8000h], bl
        inc si
        and si, 3FFh
        jmp busy`;

/**
 * The evaluator's own inner code (asm/piskasm/engine.inc, READ_CELL_INTO_PLANES: twelve cells read
 * into two bit planes through SHR and RCL, then a window slide): v86 runs RCL and SHR on 16-bit
 * registers through helper calls, so this mix is slower than BUSY_LOOP; it is the speed the guest's
 * busiest code can reach at best.
 */
const EVALUATOR_LOOP = `
busy:   mov bx, 8100h
        mov di, 17
%rep 12
        mov al, [bx]
        sub bx, di
        shr al, 1
        rcl dx, 1
        shr al, 1
        rcl bp, 1
%endrep
        test dx, 0F0h
        jz busy
        shr dx, 1
        shr cx, 1
        jmp busy`;

function busyLoopFloppy(dir: string, loop: string): string {
  const source = join(dir, "busy.asm");
  const sector = join(dir, "busy.bin");
  writeFileSync(source, bootSectorLoop(loop));
  const nasm = spawnSync("nasm", ["-f", "bin", source, "-o", sector], { encoding: "utf8" });
  if (nasm.status !== 0)
    throw new Error(`nasm failed on the busy loop: ${nasm.stderr || nasm.error?.message}`);
  const floppy = new Uint8Array(FLOPPY_BYTES);
  floppy.set(readFileSync(sector));
  const image = join(dir, "busy.img");
  writeFileSync(image, floppy);
  return image;
}

/** Host CPU time of this process (all its threads) in microseconds. */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Guest speed on the busy loop: MIPS per second of wall time and per second of this process's CPU time. */
interface BusyMips {
  wall: number;
  cpu: number;
}

/** Millions of guest instructions per second of wall time (and of CPU time) while the guest runs `loop` and never idles. */
async function emulatedMips(loop: string): Promise<BusyMips> {
  const dir = mkdtempSync(join(tmpdir(), "piskasm-bench-"));
  try {
    const machine = await bootFloppy(busyLoopFloppy(dir, loop));
    try {
      await machine.waitFor(() => machine.instructionCount() > 5_000_000, {
        timeoutMs: 30_000,
        what: "the busy loop",
      });
      const start = machine.instructionCount();
      const started = performance.now();
      const cpuStart = cpuMicros();
      await machine.waitFor(() => performance.now() - started >= MIPS_WINDOW_MS, {
        timeoutMs: MIPS_WINDOW_MS * 10,
        what: "the end of the measuring window",
      });
      const instructions = machine.instructionCount() - start;
      return {
        wall: instructions / ((performance.now() - started) * 1000),
        cpu: instructions / (cpuMicros() - cpuStart),
      };
    } finally {
      await machine.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * engine-ts alone on games of the benchmark's policy, both starters: microseconds per computer move
 * (the human's stone with its Update, PCMove and the computer's stone with its Update).
 */
function engineTsMicrosPerMove(): number {
  let moves = 0;
  let elapsed = 0;
  for (let g = 0; g < GAMES; g++) {
    const game = Game.newGame((RUN_SEED + g * 7919) & 0xffff, g % 2 === 0 ? "human" : "computer");
    const policy = enginePolicy(RUN_SEED + g);
    for (let m = 0; m < MAX_COMPUTER_MOVES && game.result === "playing"; m++) {
      const cell = policy.next(game.state.plocha);
      if (cell === undefined) break;
      const started = performance.now();
      const outcome = game.humanMove(cell);
      elapsed += performance.now() - started;
      if (outcome.computer !== null) moves++;
    }
  }
  return (elapsed * 1000) / moves;
}

/** A run and the CPU time of this process (all threads, so every job) per checked computer move. */
interface BenchRun extends RunResult {
  cpuMicrosPerMove: number;
}

async function run(jobs: number): Promise<BenchRun> {
  const specs = planGames({
    games: GAMES,
    policy: "engine",
    runSeed: RUN_SEED,
    maxComputerMoves: MAX_COMPUTER_MOVES,
  });
  const cpuStart = cpuMicros();
  const result = await runDiff({
    boot: { image: IMAGE, dos: "builtin", timeoutMs: 20_000 },
    specs,
    jobs,
    workerScript: WORKER,
  });
  const cpuMicrosPerMove = (cpuMicros() - cpuStart) / result.summary.computerMoves;
  const { mismatches } = result.summary;
  if (mismatches > 0) throw new Error(`${mismatches} mismatches in the benchmark run: run \`piskasm diff\``);
  return { ...result, cpuMicrosPerMove };
}

/**
 * The last games of a one-job run, once v86's JIT has compiled the game's hot code (it compiles a page
 * after 200,000 interpreted instructions in it, and keeps adding entry points for many games): moves
 * per second of game time and the guest's MIPS in the run loop.
 */
function warmFigures(outcomes: readonly GameOutcome[], bound: number): Array<[string, number, number]> {
  const warm = outcomes.filter((o) => o.spec.index >= GAMES - WARM_GAMES);
  const moves = warm.reduce((n, o) => n + o.checkedComputerMoves, 0);
  const ms = warm.reduce((n, o) => n + o.wallMs, 0);
  const instructions = warm.reduce((n, o) => n + o.cost.instructions, 0);
  const loopMs = warm.reduce((n, o) => n + o.cost.runLoopMs, 0);
  const movesPerSecond = moves / (ms / 1000);
  return [
    [`moves_per_s_jobs1_last_${WARM_GAMES}_games`, movesPerSecond, 1],
    [`guest_mips_in_run_loop_jobs1_last_${WARM_GAMES}_games`, instructions / (loopMs * 1000), 1],
    [`efficiency_vs_emulation_bound_jobs1_last_${WARM_GAMES}_games`, movesPerSecond / bound, 3],
  ];
}

/**
 * The last WARM_GAMES games of each job of a two-job run (the end of its part of the games): the
 * moves per second both jobs together make once warm, against one warm job. What a long campaign
 * gets from the second core, without start-up and warm-up.
 */
function warmScaling(two: RunResult, one: RunResult): number {
  const warmRate = (games: readonly GameOutcome[]): number => {
    const moves = games.reduce((n, o) => n + o.checkedComputerMoves, 0);
    return moves / (games.reduce((n, o) => n + o.wallMs, 0) / 1000);
  };
  let together = 0;
  for (let j = 0; j < two.summary.jobs; j++) {
    const { to } = jobPart(two.outcomes.length, j, two.summary.jobs);
    together += warmRate(two.outcomes.slice(to - WARM_GAMES, to));
  }
  return together / warmRate(one.outcomes.slice(-WARM_GAMES));
}

/**
 * The run while its jobs play, without their start-up: computer moves per second of the longest job's
 * game time (each job plays a contiguous part of the games, jobPart; its games' wall times add up to
 * its playing time, which starts after its boot).
 */
function playingMovesPerSecond(run: RunResult): number {
  const { jobs } = run.summary;
  let longestMs = 0;
  for (let j = 0; j < jobs; j++) {
    const { from, to } = jobPart(run.outcomes.length, j, jobs);
    let ms = 0;
    for (const outcome of run.outcomes.slice(from, to)) ms += outcome.wallMs;
    longestMs = Math.max(longestMs, ms);
  }
  return run.summary.computerMoves / (longestMs / 1000);
}

/** The per-move breakdown of a run, named with its job count. */
function breakdownFigures(summary: RunSummary): Array<[string, number, number]> {
  const jobs = `jobs${summary.jobs}`;
  const parts = summary.breakdownUsPerMove;
  return [
    [`guest_mips_in_run_loop_${jobs}`, summary.guestMipsInRunLoop, 1],
    [`host_us_per_move_emulator_${jobs}`, parts.emulator, 1],
    [`host_us_per_move_engine_ts_${jobs}`, parts.engineTs, 1],
    [`host_us_per_move_policy_${jobs}`, parts.policy, 1],
    [`host_us_per_move_checks_${jobs}`, parts.checks, 1],
    [`host_us_per_move_other_${jobs}`, parts.other, 1],
    [
      `host_us_per_move_outside_emulator_${jobs}`,
      parts.engineTs + parts.policy + parts.checks + parts.other,
      1,
    ],
    [`jit_compilations_per_100_games_${jobs}`, summary.jitCompilationsPer100Games, 1],
  ];
}

/** Games of each `piskasm diff --jobs 1` process of the two-process comparison. */
const PROCESS_GAMES = 1000;

/** Moves per second of one `piskasm diff --jobs 1` child process (the CLI's --json figures). */
function cliRun(seed: number, out: string): Promise<number> {
  const args = [
    "bin/piskasm.mjs",
    "diff",
    "--games",
    String(PROCESS_GAMES),
    "--seed",
    String(seed),
    "--policy",
    "engine",
  ];
  const child = spawn(process.execPath, [...args, "--jobs", "1", "--image", IMAGE, "--out", out, "--json"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveRun, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0)
        reject(new Error(`piskasm diff exited with ${code}: ${stderr.trim().split("\n").pop() ?? ""}`));
      else resolveRun((JSON.parse(stdout) as { movesPerSecond: number }).movesPerSecond);
    });
  });
}

/**
 * Two separate `piskasm diff --jobs 1` processes at once against one alone: their moves per second
 * together over one's. Nothing is shared between them (no workers, no shared boot), so this is what
 * the machine gives two emulators, the ceiling for scaling_jobs2_over_jobs1.
 */
async function twoProcessesScaling(): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), "piskasm-bench-procs-"));
  try {
    const alone = await cliRun(RUN_SEED, out);
    const together = await Promise.all([cliRun(RUN_SEED, out), cliRun(RUN_SEED + 1, out)]);
    return (together[0] + together[1]) / alone;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const oneRun = await run(1);
  const one = oneRun.summary;
  const twoRun = await run(2);
  const two = twoRun.summary;
  const busy = await emulatedMips(BUSY_LOOP);
  const evaluatorMix = await emulatedMips(EVALUATOR_LOOP);
  const mips = busy.wall;
  // The bound per CPU second: the same ratio as the wall-time one, but other processes on the machine
  // do not move it (boot and worker start-up are in the run's CPU time, as in its wall time).
  const cpuBoundMicrosPerMove = one.instructionsPerMove.median / busy.cpu;
  const perMove = one.instructionsPerMove.median;
  const bound = (mips * 1e6) / perMove;
  const asmMicros = (one.msPerGame * one.emulatorShare * one.games * 1000) / one.computerMoves;
  const tsMicros = engineTsMicrosPerMove();
  const figures: Array<[string, number, number]> = [
    ["games", GAMES, 0],
    ["computer_moves_jobs1", one.computerMoves, 0],
    ["moves_per_s_jobs1", one.movesPerSecond, 1],
    ["moves_per_s_jobs2", two.movesPerSecond, 1],
    ["scaling_jobs2_over_jobs1", two.movesPerSecond / one.movesPerSecond, 2],
    ["ms_per_game_jobs1", one.msPerGame, 2],
    ["wall_ms_jobs1", one.wallMs, 0],
    ["wall_ms_jobs2", two.wallMs, 0],
    ["emulator_share_jobs1", one.emulatorShare, 3],
    ["harness_share_jobs1", one.harnessShare, 3],
    ["instructions_per_move_median", perMove, 0],
    ["instructions_per_move_max", one.instructionsPerMove.max, 0],
    ["emulated_mips_busy_guest", mips, 1],
    ["emulation_bound_moves_per_s", bound, 0],
    ["efficiency_vs_emulation_bound", one.movesPerSecond / bound, 3],
    ["asm_emulated_us_per_computer_move", asmMicros, 1],
    ["engine_ts_us_per_computer_move", tsMicros, 1],
    ["engine_ts_speedup_over_emulated_asm", asmMicros / tsMicros, 1],
    ["efficiency_vs_emulation_bound_jobs2", two.movesPerSecond / (2 * bound), 3],
    ["emulated_mips_busy_guest_per_cpu_second", busy.cpu, 1],
    ["emulated_mips_busy_evaluator_mix", evaluatorMix.wall, 1],
    ["emulated_mips_busy_evaluator_mix_per_cpu_second", evaluatorMix.cpu, 1],
    ["guest_mips_in_run_loop_over_busy_jobs1", one.guestMipsInRunLoop / mips, 3],
    ["guest_mips_in_run_loop_over_evaluator_mix_jobs1", one.guestMipsInRunLoop / evaluatorMix.wall, 3],
    ["cpu_us_per_move_jobs1", oneRun.cpuMicrosPerMove, 1],
    ["cpu_us_per_move_jobs2", twoRun.cpuMicrosPerMove, 1],
    ["efficiency_vs_emulation_bound_cpu_jobs1", cpuBoundMicrosPerMove / oneRun.cpuMicrosPerMove, 3],
    ["efficiency_vs_emulation_bound_cpu_jobs2", cpuBoundMicrosPerMove / twoRun.cpuMicrosPerMove, 3],
    ["moves_per_s_jobs1_playing", playingMovesPerSecond(oneRun), 1],
    ["moves_per_s_jobs2_playing", playingMovesPerSecond(twoRun), 1],
    ["scaling_jobs2_over_jobs1_playing", playingMovesPerSecond(twoRun) / playingMovesPerSecond(oneRun), 2],
    ["efficiency_vs_emulation_bound_jobs1_playing", playingMovesPerSecond(oneRun) / bound, 3],
    [`scaling_jobs2_over_jobs1_last_${WARM_GAMES}_games`, warmScaling(twoRun, oneRun), 2],
    ["scaling_two_processes_over_one", await twoProcessesScaling(), 2],
    ...warmFigures(oneRun.outcomes, bound),
    ...breakdownFigures(one),
    ...breakdownFigures(two),
  ];
  for (const [name, value, digits] of figures) console.log(`${name} ${value.toFixed(digits)}`);
}

try {
  await main();
} catch (error) {
  console.error(`bench/diff: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
