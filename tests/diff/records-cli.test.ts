/** `piskasm replay` with PSQ and SGF records: the bundled CLI in a child process, the real emulator. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Game, parseCell } from "../../engine-ts/index.js";
import { toRecord, type PiskasmGame } from "../../records/piskasm-game.js";
import { formatPsq } from "../../records/psq.js";
import { formatSgf } from "../../records/sgf.js";
import { CLI, IMAGE } from "./setup.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-records-cli-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function piskasm(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A game as engine-ts (which the differential tier checks against the asm) plays it. */
function engineGame(seed: number, humanMoves: readonly string[]): PiskasmGame {
  const game = Game.newGame(seed, "human");
  const moves: number[] = [];
  for (const name of humanMoves) {
    const outcome = game.humanMove(parseCell(name));
    moves.push(outcome.human);
    if (outcome.computer !== null) moves.push(outcome.computer);
  }
  return { seed, first: "human", moves };
}

describe("piskasm replay with records", () => {
  const game = engineGame(42, ["K10", "C3", "Q17"]);

  it.each([
    ["game.psq", formatPsq],
    ["game.sgf", formatSgf],
  ])("replays %s through the emulator and says the computer's moves were made again", (name, format) => {
    const file = join(out, name);
    writeFileSync(file, format(toRecord(game)));
    const run = piskasm("replay", file, "--image", IMAGE);
    expect(run.stdout).toContain("no divergence");
    expect(run.stdout).toContain("the emulator made all 3 computer moves of the record again");
    expect(run.status).toBe(0);
  });

  it("replays a record without PISKASM.COM's name when --seed and --first are given", () => {
    const file = join(out, "foreign.psq");
    writeFileSync(file, formatPsq({ ...toRecord(game), players: ["pbrain-a", "pbrain-b"] }));
    const refused = piskasm("replay", file, "--image", IMAGE);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toContain("give --seed S and --first human|computer");
    const run = piskasm("replay", file, "--seed", "42", "--first", "human", "--image", IMAGE);
    expect(run.stdout).toContain("made all 3 computer moves");
    expect(run.status).toBe(0);
  });

  it("rejects a bad --first with one line and exit code 2", () => {
    const run = piskasm("replay", join(out, "game.psq"), "--first", "nobody", "--image", IMAGE);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--first must be human or computer");
  });
});
