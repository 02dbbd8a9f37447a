/**
 * The seed's engines and the arena: ms per move of each built-in engine, pela's VCF nodes per second,
 * and pela's score against engine-ts (the same moves as PISKASM.COM) over 26 openings x 2 colours at
 * 50 ms per move. In this thread, one game at a time.
 * Run:  node bench/run.mjs arena      (prints `arena.NAME value`)
 */
import { playArenaGame } from "../arena/game.js";
import { BUILT_IN_OPENINGS, placeOpening } from "../arena/openings.js";
import { Board, OPP, OWN } from "../engines/common/board.js";
import { createCrossmixEngine } from "../engines/crossmix/crossmix.js";
import type { Engine } from "../engines/engine.js";
import { createFiveEngine } from "../engines/five/five.js";
import { createPelaEngine } from "../engines/pela/pela.js";
import { ShapeBoard } from "../engines/pela/shape-board.js";
import { searchVcf } from "../engines/pela/vcf.js";
import { createRandomEngine } from "../engines/random.js";
import { PiskasmTsEngine } from "../engines/piskasm-ts.js";

const SIZE = 19;
const TURN_MS = 50;

/** Mean ms per own move of `make()` over games against FIVE from the first 6 openings. */
async function msPerMove(make: () => Engine): Promise<number> {
  let total = 0;
  let moves = 0;
  for (let i = 0; i < 6; i++) {
    const game = await playArenaGame([make(), createFiveEngine()], ["a", "five"], {
      size: SIZE,
      opening: placeOpening(BUILT_IN_OPENINGS[i], SIZE),
      turnMs: TURN_MS,
      seeds: [i, i],
    });
    game.moves.forEach((m, k) => {
      if (k >= 3 && k % 2 === 0) {
        total += m.timeMs ?? 0;
        moves++;
      }
    });
  }
  return total / Math.max(1, moves);
}

/** VCF nodes per second on a position with a long win (the unit test's). */
function vcfNodesPerSecond(): number {
  const rows = [
    "",
    "",
    "",
    "",
    "",
    "........x",
    "....o.o.o...o",
    ".....xxxo..x",
    ".....ox.oox",
    ".....xxxox",
    "........x.o",
    ".......o.o",
  ];
  const board = new Board(15);
  rows.forEach((row, y) =>
    [...row].forEach((c, x) => c !== "." && board.place(y * 15 + x, c === "x" ? OWN : OPP)),
  );
  const shapes = ShapeBoard.from(board);
  let nodes = 0;
  const started = performance.now();
  while (performance.now() - started < 2000)
    nodes += searchVcf(shapes, OWN, { maxDepth: 20, maxNodes: 1e9, deadlineMs: Infinity }).nodes;
  return (nodes * 1000) / (performance.now() - started);
}

async function pelaScoreAgainstTs(): Promise<number> {
  let points = 0;
  let games = 0;
  for (let i = 0; i < BUILT_IN_OPENINGS.length; i++) {
    for (const pelaFirst of [true, false]) {
      const pela = createPelaEngine();
      const ts = new PiskasmTsEngine();
      const game = await playArenaGame(
        pelaFirst ? [pela, ts] : [ts, pela],
        pelaFirst ? ["pela", "ts"] : ["ts", "pela"],
        {
          size: SIZE,
          opening: placeOpening(BUILT_IN_OPENINGS[i], SIZE),
          turnMs: TURN_MS,
          seeds: [i, i + 100],
        },
      );
      games++;
      if (game.winner === undefined) points += 0.5;
      else if ((game.winner === 0) === pelaFirst) points += 1;
    }
  }
  return (100 * points) / games;
}

const figures: [string, number][] = [
  ["five-ms-per-move", await msPerMove(createFiveEngine)],
  ["crossmix-ms-per-move", await msPerMove(createCrossmixEngine)],
  ["pela-ms-per-move-at-50ms", await msPerMove(createPelaEngine)],
  ["random-ms-per-move", await msPerMove(createRandomEngine)],
  ["pela-vcf-nodes-per-second", vcfNodesPerSecond()],
  ["pela-vs-ts-score-percent-at-50ms", await pelaScoreAgainstTs()],
];
for (const [name, value] of figures) console.log(`${name} ${value.toFixed(1)}`);
