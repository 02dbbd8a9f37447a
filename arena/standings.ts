/**
 * The arena's table, kept running as games finish (never from a list of every game, so an arena of
 * any length costs the same memory): wins, draws and losses per pair, points per player, how the
 * named players' lost games were won, and the Elo fit of the pairs' results.
 */
import { fitElo, type PairResult } from "./elo.js";
import { FINISHES, type Finish } from "./finishes.js";
import { pairsOf } from "./schedule.js";
import type { ArenaSettings, GameEntry, PairStanding, Standings } from "./model.js";

interface PairCounts {
  readonly a: string;
  readonly b: string;
  wins: number;
  draws: number;
  losses: number;
}

const noFinishes = (): Record<Finish, number> =>
  Object.fromEntries(FINISHES.map((f) => [f, 0])) as Record<Finish, number>;

export class ArenaTally {
  private readonly pairs: PairCounts[];
  private readonly points: Map<string, number>;
  private readonly finishes: Map<string, Record<Finish, number>>;
  private count = 0;

  /** `finishesOf`: the players whose lost games are counted by finish. */
  constructor(
    private readonly settings: ArenaSettings,
    finishesOf: readonly string[] = [],
  ) {
    this.pairs = pairsOf(settings.players, settings.gauntlet).map(([a, b]) => ({
      a,
      b,
      wins: 0,
      draws: 0,
      losses: 0,
    }));
    this.points = new Map(settings.players.map((p) => [p, 0]));
    this.finishes = new Map(finishesOf.map((p) => [p, noFinishes()]));
  }

  get played(): number {
    return this.count;
  }

  add(g: GameEntry): void {
    const pair = this.pairs.find(
      (p) => (p.a === g.first && p.b === g.second) || (p.a === g.second && p.b === g.first),
    );
    if (!pair) return;
    this.count++;
    if (g.winner === "draw") {
      pair.draws++;
      this.addPoints(g.first, 0.5);
      this.addPoints(g.second, 0.5);
      return;
    }
    const [winner, loser] = g.winner === "first" ? [g.first, g.second] : [g.second, g.first];
    if (winner === pair.a) pair.wins++;
    else pair.losses++;
    this.addPoints(winner, 1);
    const counts = this.finishes.get(loser);
    if (counts) counts[g.end === "five" ? (g.finish ?? "other") : "other"]++;
  }

  private addPoints(player: string, n: number): void {
    this.points.set(player, (this.points.get(player) ?? 0) + n);
  }

  /** Every player's points so far, for the progress bar. */
  scoreLine(): string {
    return [...this.points].map(([p, n]) => `${p} ${n}`).join(" ");
  }

  /** Lost games by finish, per player named to the constructor. */
  lossFinishes(): ReadonlyMap<string, Record<Finish, number>> {
    return this.finishes;
  }

  /**
   * Do the games so far join every player to the anchor (through pairs that played)? Only then can
   * the ratings be fitted: an arena stopped early may not have got that far.
   */
  connectsEveryPlayer(): boolean {
    const reached = new Set([this.settings.anchor]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of this.pairs) {
        if (p.wins + p.draws + p.losses === 0 || reached.has(p.a) === reached.has(p.b)) continue;
        reached.add(reached.has(p.a) ? p.b : p.a);
        grew = true;
      }
    }
    return this.settings.players.every((player) => reached.has(player));
  }

  standings(): Standings {
    const pairs: PairStanding[] = this.pairs.map((p) => ({
      a: p.a,
      b: p.b,
      games: p.wins + p.draws + p.losses,
      wins: p.wins,
      draws: p.draws,
      losses: p.losses,
    }));
    const results: PairResult[] = pairs
      .filter((p) => p.games > 0)
      .map((p) => ({ i: p.a, j: p.b, games: p.games, score: p.wins + p.draws / 2 }));
    const { players, anchor } = this.settings;
    const ratings = fitElo(players, results, anchor).sort((x, y) => y.elo - x.elo);
    return { pairs, ratings, anchor };
  }
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** The table as text: the pairs, then the ratings (Elo +- 95 % interval, anchor at 0). */
export function formatStandings(s: Standings): string {
  const nameWidth = Math.max(6, ...s.ratings.map((r) => r.player.length));
  const lines = [
    `${pad("pair", 2 * nameWidth + 4)} ${pad("games", 6, true)} ${pad("W", 5, true)} ${pad("D", 5, true)} ${pad("L", 5, true)}  score`,
  ];
  for (const p of s.pairs) {
    const score = p.games === 0 ? "-" : `${((100 * (p.wins + p.draws / 2)) / p.games).toFixed(1)} %`;
    lines.push(
      `${pad(`${p.a} vs ${p.b}`, 2 * nameWidth + 4)} ${pad(String(p.games), 6, true)} ${pad(String(p.wins), 5, true)} ${pad(String(p.draws), 5, true)} ${pad(String(p.losses), 5, true)}  ${score}`,
    );
  }
  lines.push(
    "",
    `${pad("player", nameWidth)} ${pad("Elo", 7, true)}   95 % interval   (anchor: ${s.anchor} = 0)`,
  );
  for (const r of s.ratings) {
    const interval = r.player === s.anchor ? "anchor" : `+-${Math.round(r.interval95)}`;
    lines.push(`${pad(r.player, nameWidth)} ${pad(String(Math.round(r.elo)), 7, true)}   ${interval}`);
  }
  return lines.join("\n");
}
