/** The arena's final table: wins, draws and losses per pair, and the Elo fit of all results. */
import { fitElo, type PairResult } from "./elo.js";
import { pairsOf } from "./schedule.js";
import type { ArenaSettings, GameEntry, Standings } from "./model.js";

export function standingsOf(settings: ArenaSettings, games: readonly GameEntry[]): Standings {
  const pairs = pairsOf(settings.players, settings.gauntlet).map(([a, b]) => {
    let wins = 0;
    let draws = 0;
    let losses = 0;
    for (const g of games) {
      if (!((g.first === a && g.second === b) || (g.first === b && g.second === a))) continue;
      if (g.winner === "draw") draws++;
      else if ((g.winner === "first") === (g.first === a)) wins++;
      else losses++;
    }
    return { a, b, games: wins + draws + losses, wins, draws, losses };
  });
  const results: PairResult[] = pairs
    .filter((p) => p.games > 0)
    .map((p) => ({ i: p.a, j: p.b, games: p.games, score: p.wins + p.draws / 2 }));
  const ratings = fitElo(settings.players, results, settings.anchor).sort((x, y) => y.elo - x.elo);
  return { pairs, ratings, anchor: settings.anchor };
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
