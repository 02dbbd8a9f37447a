/**
 * The protocol layer in-process (no child process): what follows a finished game, and the BOARD
 * checks, with engine-ts behind it.
 */
import { describe, expect, it } from "vitest";
import { Notes } from "../../brain/notes.js";
import { BrainProtocol } from "../../brain/protocol.js";
import { boardFromLines } from "../../brain/position.js";
import { RULE_FREESTYLE } from "../../engines/engine.js";
import { PiskasmTsEngine } from "../../engines/piskasm-ts.js";

function protocol(): { run: (...lines: string[]) => Promise<string[]> } {
  const out: string[] = [];
  const brain = new BrainProtocol({
    engine: new PiskasmTsEngine(),
    send: (line) => out.push(line),
    log: () => undefined,
    notes: new Notes(),
    nextSeed: () => 3,
  });
  return {
    run: async (...lines) => {
      out.length = 0;
      for (const line of lines) await brain.handle(line);
      return [...out];
    },
  };
}

describe("the protocol layer", () => {
  it("answers a TURN that completes the opponent's five with ERROR, and a new game works", async () => {
    const p = protocol();
    // The opponent has an open four in column 5 (rows 1..4): the brain can block one end only.
    const [ok, block] = await p.run(
      "START 15",
      "BOARD",
      "5,1,2",
      "5,2,2",
      "5,3,2",
      "5,4,2",
      "14,14,1",
      "14,13,1",
      "14,12,1",
      "DONE",
    );
    expect(ok).toBe("OK");
    expect(["5,0", "5,5"]).toContain(block);
    const otherEnd = block === "5,0" ? "5,5" : "5,0";
    expect(await p.run(`TURN ${otherEnd}`)).toEqual([
      "ERROR the game is over: the opponent has five in a row",
    ]);
    expect(await p.run("TURN 7,7")).toEqual(["ERROR the game is over: the opponent has five in a row"]);
    expect(await p.run("RESTART", "BEGIN")).toEqual(["OK", expect.stringMatching(/^\d+,\d+$/)]);
  });

  it("takes a five off the board again with TAKEBACK, and play goes on", async () => {
    const p = protocol();
    const [, block] = await p.run(
      "START 15",
      "BOARD",
      "5,1,2",
      "5,2,2",
      "5,3,2",
      "5,4,2",
      "14,14,1",
      "14,13,1",
      "14,12,1",
      "DONE",
    );
    const otherEnd = block === "5,0" ? "5,5" : "5,0";
    expect(await p.run(`TURN ${otherEnd}`)).toEqual([
      "ERROR the game is over: the opponent has five in a row",
    ]);
    expect(await p.run(`TAKEBACK ${otherEnd}`)).toEqual(["OK"]);
    expect(await p.run("TURN 7,7")).toEqual([expect.stringMatching(/^\d+,\d+$/)]);
  });

  it("rejects BOARD contents no game can have", () => {
    const at = (x: number, y: number, field: number) => ({ at: { x, y }, field });
    expect(boardFromLines(15, RULE_FREESTYLE, [at(1, 1, 1), at(2, 2, 2)])).not.toBeTypeOf("string");
    expect(boardFromLines(15, RULE_FREESTYLE, [at(1, 1, 2)])).not.toBeTypeOf("string");
    expect(boardFromLines(15, RULE_FREESTYLE, [at(1, 1, 1)])).toMatch(/1 own and 0 opponent/);
    expect(boardFromLines(15, RULE_FREESTYLE, [at(15, 1, 2)])).toMatch(/off the 15x15 board/);
    expect(boardFromLines(15, RULE_FREESTYLE, [at(1, 1, 2), at(1, 1, 1)])).toMatch(/occupied/);
    expect(boardFromLines(15, RULE_FREESTYLE, [at(1, 1, 0)])).toMatch(/field 0/);
    expect(boardFromLines(15, RULE_FREESTYLE, [at(1, 1, 3)])).toMatch(/continuous/);
    const five = [0, 1, 2, 3, 4].flatMap((y) => [at(0, y, 2), at(5, y, 1)]);
    expect(boardFromLines(15, RULE_FREESTYLE, five)).toMatch(/already has five/);
  });
});
