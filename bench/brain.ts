/**
 * The brain's figures, measured as a manager sees them: child processes of bin/pbrain-piskasm over
 * pipes (so every time includes the pipe round trip).
 *   cold_start_to_ok_ms      process start to the answer of the first START 19 (--engine asm: boot, /S:, menu snapshot)
 *   asm_start_to_ok_ms       START 19 to OK once running (snapshot restore), median
 *   asm_move_ms              TURN to the answer with the check against engine-ts on, median and p90
 *   asm_move_nocheck_ms      the same with --no-check, median
 *   ts_move_ms               --engine ts, TURN to the answer, median and p90
 *   asm_takeback_replay_ms   two TAKEBACKs and the next TURN (a replay from the menu snapshot), median
 *   asm_board40_ms           BOARD with 40 stones to the answer (the program's set-up mode: 40 clicks), median
 *   end_exit_ms              END to the process's exit (--engine asm), median
 *   asm_cold_start_to_ok_ms  a fresh asm brain alone: process start, START 19 sent at once, to its OK
 *                            (the machine restored from build/menu.state, not booted; < 1 s on a quiet machine)
 *   pela_match_time_used_max_fraction  pela in a 15 s match (INFO timeout_match 15000, time_left before
 *                            every move, as Piskvork sends them) against ts: the largest share of
 *                            time_left one answer took (must stay < 1: over it the match is lost on time)
 * Games: the asm brain against the ts brain, as tests/brain/game.test.ts plays them, several seeds.
 * Run through `node bench/run.mjs brain`; prints `name value` lines. Needs `make`.
 */
import { BrainProcess, parseMove } from "../testkit/brain-process.js";
import { median } from "../util/median.js";
import { quantile } from "../testkit/quantile.js";

const GAMES = 6;
const START_REPEATS = 10;

async function timed<T>(work: () => Promise<T>, into: number[]): Promise<T> {
  const started = performance.now();
  const result = await work();
  into.push(performance.now() - started);
  return result;
}

interface GameTimes {
  asm: number[];
  ts: number[];
}

/** One game asm (first) against ts through the protocol; the answer times of both. */
async function playGame(asm: BrainProcess, ts: BrainProcess, times: GameTimes): Promise<void> {
  await asm.ask("START 19");
  await ts.ask("START 19");
  const taken = new Set<string>();
  let asmMove = await asm.ask("BEGIN");
  for (let ply = 0; ply < 60; ply++) {
    parseMove(asmMove);
    taken.add(asmMove);
    const tsMove = await timed(() => ts.ask(`TURN ${asmMove}`), times.ts);
    if (!/^\d+,\d+$/.test(tsMove) || taken.has(tsMove)) break;
    taken.add(tsMove);
    asmMove = await timed(() => asm.ask(`TURN ${tsMove}`), times.asm);
    if (!/^\d+,\d+$/.test(asmMove) || taken.has(asmMove)) break;
  }
}

/** A fresh asm brain on its own: process start to the answer of START 19 sent at once. */
async function asmColdStart(): Promise<number> {
  const started = performance.now();
  const brain = BrainProcess.start(["--engine", "asm", "--seed", "100"]);
  try {
    const answer = await brain.ask("START 19", "\n");
    if (answer !== "OK") throw new Error(`START answered ${answer}\n${brain.exchange()}`);
    return performance.now() - started;
  } finally {
    brain.kill();
  }
}

const MATCH_MS = 15_000;

/** pela against ts in a 15 s match (pela's clock only); the largest answer time / time_left. */
async function pelaMatchFraction(): Promise<number> {
  const pela = BrainProcess.start(["--engine", "pela", "--seed", "7"]);
  const ts = BrainProcess.start(["--engine", "ts", "--seed", "8"]);
  try {
    await pela.ask("START 19");
    await ts.ask("START 19");
    pela.send(["INFO timeout_turn 5000", `INFO timeout_match ${MATCH_MS}`]);
    let left = MATCH_MS;
    let worst = 0;
    const taken = new Set<string>();
    let tsMove = await ts.ask("BEGIN");
    for (let ply = 0; ply < 150 && left > 0; ply++) {
      taken.add(tsMove);
      pela.send(`INFO time_left ${Math.round(left)}`);
      const started = performance.now();
      const pelaMove = await pela.ask(`TURN ${tsMove}`);
      const used = performance.now() - started;
      worst = Math.max(worst, used / left);
      left -= used;
      if (!/^\d+,\d+$/.test(pelaMove) || taken.has(pelaMove)) break;
      taken.add(pelaMove);
      tsMove = await ts.ask(`TURN ${pelaMove}`);
      if (!/^\d+,\d+$/.test(tsMove) || taken.has(tsMove)) break;
    }
    return worst;
  } finally {
    pela.kill();
    ts.kill();
  }
}

async function main(): Promise<void> {
  console.log(`asm_cold_start_to_ok_ms ${(await asmColdStart()).toFixed(0)}`);
  console.log(`pela_match_time_used_max_fraction ${(await pelaMatchFraction()).toFixed(3)}`);
  const coldStarted = performance.now();
  const asm = BrainProcess.start(["--engine", "asm", "--seed", "100"]);
  const ts = BrainProcess.start(["--engine", "ts", "--seed", "200"]);
  const checked = await asm.ask("START 19");
  if (checked !== "OK") throw new Error(`START answered ${checked}\n${asm.exchange()}`);
  console.log(`cold_start_to_ok_ms ${(performance.now() - coldStarted).toFixed(0)}`);

  const starts: number[] = [];
  for (let i = 0; i < START_REPEATS; i++) await timed(() => asm.ask("START 19"), starts);
  console.log(`asm_start_to_ok_ms ${median(starts).toFixed(2)}`);

  const times: GameTimes = { asm: [], ts: [] };
  for (let g = 0; g < GAMES; g++) await playGame(asm, ts, times);
  console.log(`asm_move_ms ${median(times.asm).toFixed(2)}`);
  console.log(`asm_move_ms_p90 ${quantile(times.asm, 0.9).toFixed(2)}`);
  console.log(`ts_move_ms ${median(times.ts).toFixed(3)}`);
  console.log(`ts_move_ms_p90 ${quantile(times.ts, 0.9).toFixed(3)}`);
  console.log(`moves_timed ${times.asm.length}`);

  const takebacks: number[] = [];
  for (let i = 0; i < 5; i++) {
    await asm.ask("START 19");
    await asm.ask("BEGIN");
    const answers: string[] = [];
    for (const turn of ["3,3", "4,4", "5,5", "6,6"]) answers.push(await asm.ask(`TURN ${turn}`));
    await timed(async () => {
      await asm.ask(`TAKEBACK ${answers[3]}`);
      await asm.ask("TAKEBACK 6,6");
      await asm.ask("TURN 6,6");
    }, takebacks);
  }
  console.log(`asm_takeback_replay_ms ${median(takebacks).toFixed(2)}`);

  // 40 stones in rows 7..10, columns 5..14, two of a colour at a time: no line of five anywhere.
  const board40 = [];
  for (let y = 7; y <= 10; y++)
    for (let x = 5; x <= 14; x++) board40.push(`${x},${y},${Math.floor((x + y) / 2) % 2 === 1 ? 1 : 2}`);
  const boards: number[] = [];
  for (let i = 0; i < 5; i++) {
    await asm.ask("START 19");
    asm.send(["BOARD", ...board40]);
    const answer = await timed(() => asm.ask("DONE"), boards);
    if (!/^\d+,\d+$/.test(answer)) throw new Error(`BOARD answered ${answer}\n${asm.exchange()}`);
  }
  console.log(`asm_board40_ms ${median(boards).toFixed(2)}`);

  const unchecked = BrainProcess.start(["--engine", "asm", "--seed", "100", "--no-check"]);
  const plain: GameTimes = { asm: [], ts: [] };
  await unchecked.ask("START 19");
  for (let g = 0; g < 2; g++) await playGame(unchecked, ts, plain);
  console.log(`asm_move_nocheck_ms ${median(plain.asm).toFixed(2)}`);

  const exits: number[] = [];
  for (const brain of [asm, unchecked, ts]) {
    await timed(async () => {
      brain.send("END");
      await brain.exited;
    }, exits);
  }
  console.log(`end_exit_ms ${median(exits).toFixed(1)}`);
}

try {
  await main();
} catch (error) {
  console.error(`bench/brain: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
