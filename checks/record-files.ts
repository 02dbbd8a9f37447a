/**
 * Game records beside the harness's JSON: a mismatch report's game as PSQ and SGF files next to the
 * report, and PSQ/SGF files read as something `piskasm replay` can run (a report with no recorded
 * divergence). The formats themselves live in records/.
 */
import { EMPTY, formatCell, Game, parseCell, type WhoStarts } from "../engine-ts/index.js";
import { RecordError } from "../records/game-record.js";
import { fromRecord, toRecord, type PiskasmGame } from "../records/piskasm-game.js";
import { formatPsq } from "../records/psq.js";
import { detectFormat, parseRecord } from "../records/read-record.js";
import { formatSgf } from "../records/sgf.js";
import { readRegularFile, writeFileAtomically } from "../util/files.js";
import { REPORT_FORMAT, type MismatchReport } from "./report.js";
import type { DosName } from "../emu/dos-kind.js";
import { messageOf } from "../util/error-message.js";

/** Every stone of a report's game in order: the human's and the asm's moves alternate from the starter. */
export function reportGame(report: MismatchReport): PiskasmGame {
  const human = report.moves.map(parseCell);
  const computer = report.computerMoves.map(parseCell);
  const [firsts, seconds] = report.whoStarts === "human" ? [human, computer] : [computer, human];
  const moves: number[] = [];
  for (let i = 0; i < Math.max(firsts.length, seconds.length); i++) {
    if (i < firsts.length) moves.push(firsts[i]);
    if (i < seconds.length) moves.push(seconds[i]);
  }
  return { seed: report.seed, first: report.whoStarts, moves };
}

/**
 * Writes `<report>.psq` and `<report>.sgf` beside the JSON report at `jsonPath` (atomically, like the
 * report); returns their paths. Throws FileError when one cannot be written.
 */
export function writeRecordFiles(jsonPath: string, game: PiskasmGame): string[] {
  const base = jsonPath.replace(/\.json$/, "");
  const record = toRecord(game);
  const files: [string, string][] = [
    [`${base}.psq`, formatPsq(record)],
    [`${base}.sgf`, formatSgf(record)],
  ];
  for (const [path, text] of files) writeFileAtomically(path, text, "game record");
  return files.map(([path]) => path);
}

export interface RecordReplayOptions {
  seed?: number;
  first?: WhoStarts;
  dos: DosName;
}

/** A game record of the largest board with comments is far below this. */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** True when `path` names a PSQ or SGF record rather than a JSON report. */
export function isRecordFile(path: string): boolean {
  return /\.(psq|sgf)$/i.test(path);
}

/**
 * A PSQ/SGF file as a report to replay: its seed and starter come from the players' names
 * (records/piskasm-game.ts) or from `options`; a record that has neither is refused with what to add.
 */
export function readRecordAsReport(
  path: string,
  options: RecordReplayOptions,
): { report: MismatchReport; game: PiskasmGame } {
  let text: string;
  try {
    text = readRegularFile(path, MAX_RECORD_BYTES, "record");
  } catch (error) {
    throw new RecordError(messageOf(error));
  }
  const format = detectFormat(text, path);
  let read;
  try {
    read = fromRecord(parseRecord(text, path), options);
  } catch (error) {
    if (error instanceof RecordError)
      throw new RecordError(`${path} (${format.toUpperCase()}): ${error.message}`);
    throw error;
  }
  if (read.kind === "foreign") {
    throw new RecordError(
      `${path}: ${read.why}; give --seed S and --first human|computer to replay its moves on PISKASM.COM`,
    );
  }
  const { game } = read;
  const humanParity = game.first === "human" ? 0 : 1;
  const human = playableHumanMoves(
    game,
    game.moves.filter((_, i) => i % 2 === humanParity),
  );
  const computer = game.moves.filter((_, i) => i % 2 !== humanParity);
  const report: MismatchReport = {
    format: REPORT_FORMAT,
    seed: game.seed,
    policy: "replay",
    policySeed: 0,
    whoStarts: game.first,
    moves: human.map(formatCell),
    computerMoves: computer.map(formatCell),
    ply: game.moves.length,
    diffs: [],
    screen: [],
    dos: options.dos,
    gameIndex: 0,
  };
  return { report, game };
}

/**
 * The record's human moves the program can be given: engine-ts (which the differential tier keeps
 * equal to the asm) plays the game; once the program answers otherwise than the record, later human
 * moves may land on its stones, so the replay stops after the move whose answer differs.
 */
function playableHumanMoves(game: PiskasmGame, human: readonly number[]): number[] {
  const engine = Game.newGame(game.seed, game.first);
  const computer = game.moves.filter((_, i) => (i % 2 === 0) !== (game.first === "human"));
  if (game.first === "computer" && engine.state.lastPC !== computer[0]) return [];
  const out: number[] = [];
  for (const [i, cell] of human.entries()) {
    if (engine.result !== "playing" || engine.state.plocha[cell] !== EMPTY) break;
    out.push(cell);
    const answer = engine.humanMove(cell).computer;
    const expected = computer[game.first === "human" ? i : i + 1];
    if (expected !== undefined && answer !== expected) break;
  }
  return out;
}

/** Whether a replay made the record's computer moves again; a sentence for the CLI. */
export function describeRecordReplay(report: MismatchReport, asmComputerMoves: readonly number[]): string {
  const played = asmComputerMoves.map(formatCell);
  const expected = report.computerMoves;
  const at = expected.findIndex((move, i) => played[i] !== move);
  if (at < 0) return `the emulator made all ${expected.length} computer moves of the record again`;
  return `the emulator's computer move ${at + 1} is ${played[at] ?? "(none)"}, the record has ${expected[at]}: PISKASM.COM did not play this record with seed ${report.seed}`;
}
