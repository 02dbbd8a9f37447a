/**
 * The arena's results as Markdown, written between the markers `<!-- arena:begin -->` and
 * `<!-- arena:end -->` of an existing file (docs/strength.md), the prose around them kept.
 */
import { checkOutputPlace, readRegularFile, writeFileAtomically } from "../util/files.js";
import { ArenaError } from "./errors.js";
import { FINISHES, type Finish } from "./finishes.js";
import type { ArenaSettings, Standings } from "./model.js";

export const BEGIN_MARK = "<!-- arena:begin -->";
export const END_MARK = "<!-- arena:end -->";

export interface MarkdownFacts {
  readonly settings: ArenaSettings;
  readonly standings: Standings;
  readonly games: number;
  readonly wallMs: number;
  readonly jobs: number;
  /** Lost games by finish, per player named. */
  readonly finishes: ReadonlyMap<string, Record<Finish, number>>;
}

export function arenaMarkdown(f: MarkdownFacts): string {
  const s = f.settings;
  const lines = [
    `${f.games} games on ${s.size}x${s.size}, ${s.turnMs} ms per move, ${s.gamesPerPair} games per pair, ${s.openings.length} openings, seed ${s.seed}; ` +
      `${(f.wallMs / 60000).toFixed(1)} min with ${f.jobs} job(s).`,
    "",
    "| player | Elo | 95 % interval |",
    "|---|---:|---:|",
    ...f.standings.ratings.map(
      (r) =>
        `| ${r.player} | ${Math.round(r.elo)} | ${r.player === f.standings.anchor ? "anchor" : `±${Math.round(r.interval95)}`} |`,
    ),
    "",
    "| pair | games | wins | draws | losses | score |",
    "|---|---:|---:|---:|---:|---:|",
    ...f.standings.pairs.map(
      (p) =>
        `| ${p.a} – ${p.b} | ${p.games} | ${p.wins} | ${p.draws} | ${p.losses} | ${p.games ? ((100 * (p.wins + p.draws / 2)) / p.games).toFixed(1) : "–"} % |`,
    ),
  ];
  for (const [player, counts] of f.finishes) {
    const lost = FINISHES.reduce((n, k) => n + counts[k], 0);
    lines.push(
      "",
      `How ${player}'s ${lost} lost games were won: ${FINISHES.map((k) => `${k} ${counts[k]}`).join(", ")}.`,
    );
  }
  return lines.join("\n");
}

/** A Markdown file is small; this leaves room for any document with an arena table. */
const MAX_MARKDOWN_BYTES = 16 * 1024 * 1024;

/** The file `path` as it is before the arena: it must exist, be writable and hold both markers. */
export function checkMarkdownTarget(path: string): void {
  markedText(path);
  checkOutputPlace(path, "--markdown file", "file");
}

function markedText(path: string): { text: string; begin: number; end: number } {
  const text = readRegularFile(path, MAX_MARKDOWN_BYTES, "--markdown file");
  const begin = text.indexOf(BEGIN_MARK);
  const end = text.indexOf(END_MARK);
  if (begin < 0 || end < begin) throw new ArenaError(`${path} lacks the lines ${BEGIN_MARK} ... ${END_MARK}`);
  return { text, begin, end };
}

/** Replaces the text between the markers of `path` by `markdown` (atomically). */
export function writeMarkdownSection(path: string, markdown: string): void {
  const { text, begin, end } = markedText(path);
  writeFileAtomically(
    path,
    `${text.slice(0, begin + BEGIN_MARK.length)}\n${markdown}\n${text.slice(end)}`,
    "--markdown file",
  );
}
