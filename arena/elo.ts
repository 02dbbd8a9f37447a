/**
 * Elo ratings from all the games of an arena: a maximum-likelihood Bradley-Terry fit (BayesElo's
 * model without its draw parameter: a draw counts as half a win for each side), with PRIOR_DRAWS
 * virtual draws added to every pair that played (as BayesElo's prior does), so that a player who won
 * every game still gets a finite rating. Newton's method on the log-likelihood; the 95 % intervals come
 * from the inverse of its Hessian (the observed information), with the anchor's rating fixed.
 */
import { ArenaError } from "./errors.js";

export const PRIOR_DRAWS = 2;
const ELO_PER_NAT = 400 / Math.LN10;
const Z95 = 1.959964;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-10;

/** A result between two players: `score` is i's points (1 win, 0.5 draw, 0 loss) over `games` games. */
export interface PairResult {
  readonly i: string;
  readonly j: string;
  readonly games: number;
  readonly score: number;
}

export interface Rating {
  readonly player: string;
  /** Elo relative to the anchor (0). */
  readonly elo: number;
  /** Half-width of the 95 % interval (0 for the anchor). */
  readonly interval95: number;
}

/** Solves A x = b (A square, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, r) => [...row, b[r]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-300)
      throw new ArenaError("the results do not connect every player to the anchor");
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, r) => row[n] / row[r]);
}

export function fitElo(
  players: readonly string[],
  results: readonly PairResult[],
  anchor: string,
  priorDraws = PRIOR_DRAWS,
): Rating[] {
  const index = new Map(players.map((p, k) => [p, k]));
  const a = index.get(anchor);
  if (a === undefined) throw new ArenaError(`the anchor ${JSON.stringify(anchor)} is not one of the players`);
  const n = players.length;
  const games = Array.from({ length: n }, () => new Float64Array(n));
  const wins = Array.from({ length: n }, () => new Float64Array(n));
  for (const r of results) {
    const i = index.get(r.i);
    const j = index.get(r.j);
    if (i === undefined || j === undefined || i === j)
      throw new ArenaError(`a result between ${r.i} and ${r.j}, who are not two of the players`);
    games[i][j] += r.games;
    games[j][i] += r.games;
    wins[i][j] += r.score;
    wins[j][i] += r.games - r.score;
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j || games[i][j] === 0) continue;
      games[i][j] += priorDraws;
      wins[i][j] += priorDraws / 2;
    }
  }
  const free = players.map((_, k) => k).filter((k) => k !== a);
  const theta = new Float64Array(n);
  let covariance: number[][] = [];
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const gradient = new Float64Array(n);
    const hessian = Array.from({ length: n }, () => new Float64Array(n));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j || games[i][j] === 0) continue;
        const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
        gradient[i] += wins[i][j] - games[i][j] * p;
        const w = games[i][j] * p * (1 - p);
        hessian[i][i] += w;
        hessian[i][j] -= w;
      }
    }
    // `hessian` holds the information matrix (minus the log-likelihood's Hessian).
    const info = free.map((r) => free.map((c) => hessian[r][c]));
    const step = solve(
      info,
      free.map((r) => gradient[r]),
    );
    free.forEach((k, s) => (theta[k] += step[s]));
    covariance = free.map((_, col) =>
      solve(
        info,
        free.map((__, row) => (row === col ? 1 : 0)),
      ),
    );
    if (Math.max(0, ...step.map(Math.abs)) < TOLERANCE) break;
  }
  return players.map((player, k) => {
    const s = free.indexOf(k);
    return {
      player,
      elo: theta[k] * ELO_PER_NAT,
      interval95: s < 0 ? 0 : Z95 * Math.sqrt(Math.max(0, covariance[s][s])) * ELO_PER_NAT,
    };
  });
}
