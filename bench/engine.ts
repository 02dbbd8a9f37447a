/**
 * TS engine speed: microseconds per update, per pcMove and per full self-play game.
 * Run:  node bench/run.mjs engine      (bundles into build/bench/engine.mjs; prints `engine.NAME value`)
 *   or  node build/bench/engine.mjs [games]   after that, for another number of games (default 1000).
 * Games: the engine (computer) against a simple seeded opponent (mostly the cell with the highest Info,
 * sometimes a random cell near the last computer stone), human first, seeds 0..games-1.
 * Self-play: the engine against a second engine (a Game with the colours swapped), computer first.
 * Strength: the share of games the computer wins against the harness's opponent policies (engine and
 * random, the policy seeds 0..STRENGTH_GAMES-1, the starter alternating), the figure that the table
 * values of docs/evaluator.md 7.2 change.
 * Prints one `name value` line per figure (numbers only), so scripts can read it.
 */
import {
  BOARD_SIZE,
  buildBodovani,
  CELLS,
  COMPUTER,
  EMPTY,
  Game,
  HUMAN,
  pcMove,
  update,
} from "../engine-ts/index.js";
import { enginePolicy, randomPolicy, type Policy } from "../harness/policies.js";
import { median } from "../util/median.js";
import { quantile } from "../testkit/quantile.js";

const STRENGTH_GAMES = 400;

/** xorshift32: the opponent's own generator, independent of the game's GetRandom. */
function makeRng(seed: number): () => number {
  let x = (seed * 2654435761 + 12345) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

function opponentMove(g: Game, rng: () => number): number {
  const { plocha, info, lastPC } = g.state;
  if (lastPC !== 0xffff && rng() % 5 === 0) {
    const r0 = Math.floor(lastPC / BOARD_SIZE),
      c0 = lastPC % BOARD_SIZE;
    for (let tries = 0; tries < 20; tries++) {
      const r = r0 + (rng() % 5) - 2,
        c = c0 + (rng() % 5) - 2;
      if (r >= 0 && r < BOARD_SIZE && c >= 0 && c < BOARD_SIZE && plocha[r * BOARD_SIZE + c] === EMPTY)
        return r * BOARD_SIZE + c;
    }
  }
  let best = -1,
    bestCell = -1;
  const start = rng() % CELLS;
  for (let n = 0; n < CELLS; n++) {
    const i = (start + n) % CELLS;
    if (plocha[i] === EMPTY && info[i] > best) {
      best = info[i];
      bestCell = i;
    }
  }
  return bestCell;
}

/** One game; returns the stones in order (cell, side). */
function playGame(seed: number, bodovani: Uint16Array): Array<[number, number]> {
  const g = Game.newGame(seed, "human", { bodovani });
  const rng = makeRng(seed);
  const moves: Array<[number, number]> = [];
  let cell = 9 * BOARD_SIZE + 9;
  while (g.result === "playing") {
    const out = g.humanMove(cell);
    moves.push([out.human, HUMAN]);
    if (out.computer !== null) moves.push([out.computer, COMPUTER]);
    if (g.result !== "playing") break;
    cell = opponentMove(g, rng);
  }
  return moves;
}

/** Engine against engine: a second Game with the colours swapped plays the human side. */
function playSelf(seed: number, bodovani: Uint16Array): number {
  const g = Game.newGame(seed, "computer", { bodovani });
  const mirror = Game.newGame((seed * 7919) & 0xffff, "human", { bodovani });
  let stones = 1;
  mirror.placeStone(g.state.lastPC, HUMAN);
  while (g.result === "playing" && mirror.result === "playing") {
    const h = mirror.computerMove();
    const out = g.humanMove(h);
    stones += out.computer === null ? 1 : 2;
    if (out.computer === null) break;
    mirror.placeStone(out.computer, HUMAN);
  }
  return stones;
}

/** The share of STRENGTH_GAMES games the computer wins against a policy. */
function computerWinShare(makePolicy: (seed: number) => Policy, bodovani: Uint16Array): number {
  let wins = 0;
  for (let seed = 0; seed < STRENGTH_GAMES; seed++) {
    const g = Game.newGame(seed, seed % 2 === 0 ? "human" : "computer", { bodovani });
    const policy = makePolicy(seed);
    while (g.result === "playing") {
      const cell = policy.next(g.state.plocha);
      if (cell === undefined) break;
      g.humanMove(cell);
    }
    if (g.result === "computer") wins++;
  }
  return wins / STRENGTH_GAMES;
}

function main(): void {
  const games = Number(process.argv[2] ?? 1000);
  const bodovani = buildBodovani();
  for (let s = 0; s < 50; s++) playGame(s, bodovani); // warm-up

  const gameUs: number[] = [];
  const records: Array<Array<[number, number]>> = [];
  for (let s = 0; s < games; s++) {
    const t0 = performance.now();
    records.push(playGame(s, bodovani));
    gameUs.push((performance.now() - t0) * 1000);
  }
  const stones = records.reduce((n, r) => n + r.length, 0);

  // update(): replay every recorded stone.
  let t0 = performance.now();
  for (const r of records) {
    const st = { plocha: new Uint8Array(CELLS), info: new Uint16Array(CELLS), volnaPole: CELLS };
    for (const [cell, side] of r) {
      st.plocha[cell] = side;
      update(st, bodovani, cell);
    }
  }
  const updateUs = ((performance.now() - t0) * 1000) / stones;

  // pcMove(): on every position of the first 200 games.
  const positions: Array<{ plocha: Uint8Array; info: Uint16Array }> = [];
  for (const r of records.slice(0, 200)) {
    const st = { plocha: new Uint8Array(CELLS), info: new Uint16Array(CELLS), volnaPole: CELLS };
    for (const [cell, side] of r) {
      st.plocha[cell] = side;
      update(st, bodovani, cell);
      positions.push({ plocha: st.plocha.slice(), info: st.info.slice() });
    }
  }
  const reps = 20;
  let sink = 0;
  t0 = performance.now();
  for (let k = 0; k < reps; k++) for (const p of positions) sink += pcMove({ ...p, random: k * 977 });
  const pcMoveUs = ((performance.now() - t0) * 1000) / (reps * positions.length);

  for (let s = 0; s < 50; s++) playSelf(s, bodovani); // warm-up
  const selfUs: number[] = [];
  let selfStones = 0;
  for (let s = 0; s < games; s++) {
    const t1 = performance.now();
    selfStones += playSelf(s, bodovani);
    selfUs.push((performance.now() - t1) * 1000);
  }

  console.log(`games ${games}`);
  console.log(`stones_per_game_mean ${(stones / games).toFixed(1)}`);
  console.log(`update_us ${updateUs.toFixed(3)}`);
  console.log(`pcmove_us ${pcMoveUs.toFixed(3)}`);
  console.log(`game_us_median ${median(gameUs).toFixed(1)}`);
  console.log(`game_us_p90 ${quantile(gameUs, 0.9).toFixed(1)}`);
  console.log(`selfplay_stones_per_game_mean ${(selfStones / games).toFixed(1)}`);
  console.log(`selfplay_game_us_median ${median(selfUs).toFixed(1)}`);
  console.log(`selfplay_game_us_p90 ${quantile(selfUs, 0.9).toFixed(1)}`);
  console.log(
    `computer_win_share_vs_engine_policy ${computerWinShare((seed) => enginePolicy(seed, bodovani), bodovani).toFixed(3)}`,
  );
  console.log(`computer_win_share_vs_random_policy ${computerWinShare(randomPolicy, bodovani).toFixed(3)}`);
  if (sink < 0) console.log(sink);
}

main();
