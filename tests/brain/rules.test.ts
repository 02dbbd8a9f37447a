/**
 * Gomocup's rules through the protocol layer: under INFO rule 1 (standard, exactly five) an overline
 * wins for neither side, so a BOARD or TURN with one goes on to the brain's move, and no engine makes
 * one as its "winning" move; rules the brain cannot judge (continuous, renju, caro) are refused with
 * ERROR at INFO and START; the asm engine (PISKASM.COM, freestyle only) refuses rule 1.
 */
import { describe, expect, it } from "vitest";
import { Notes } from "../../brain/notes.js";
import { BrainProtocol } from "../../brain/protocol.js";
import type { Engine } from "../../engines/engine.js";
import { createCrossmixEngine } from "../../engines/crossmix/crossmix.js";
import { createFiveEngine } from "../../engines/five/five.js";
import { createPelaEngine } from "../../engines/pela/pela.js";
import { PiskasmTsEngine } from "../../engines/piskasm-ts.js";
import { createRandomEngine } from "../../engines/random.js";
import { withBrain } from "../../testkit/brain-process.js";

const ENGINES: Readonly<Record<string, () => Engine>> = {
  ts: () => new PiskasmTsEngine(),
  pela: createPelaEngine,
  five: createFiveEngine,
  crossmix: createCrossmixEngine,
  random: createRandomEngine,
};

/** The protocol layer over `engine`; `run` answers lines and fails with the whole exchange printed. */
function protocol(engine: Engine): {
  run: (...lines: string[]) => Promise<string[]>;
  exchange: () => string;
} {
  const transcript: string[] = [];
  const out: string[] = [];
  const brain = new BrainProtocol({
    engine,
    send: (line) => {
      out.push(line);
      transcript.push(`< ${line}`);
    },
    log: () => undefined,
    notes: new Notes(),
    nextSeed: () => 7,
    stop: () => false,
  });
  return {
    run: async (...lines) => {
      out.length = 0;
      for (const line of lines) {
        transcript.push(`> ${line}`);
        await brain.handle(line);
      }
      return [...out];
    },
    exchange: () => ["exchanged lines (> to the brain, < from it):", ...transcript].join("\n  "),
  };
}

/** Stones far from everything else on 15x15, as BOARD lines of `field`. */
const quiet = (field: number): string[] =>
  ["14,14", "12,14", "10,14", "14,10", "12,10", "10,8"].map((at) => `${at},${field}`);
const MOVE = /^\d+,\d+$/;

describe("INFO rule 1 (standard: exactly five)", () => {
  it.each(Object.keys(ENGINES))("%s: the opponent's overline wins nothing; TURNs go on", async (name) => {
    const p = protocol(ENGINES[name]());
    // Six of the opponent's in row 0 (x 0..5), six quiet stones of the brain's: the brain to move.
    const six = [0, 1, 2, 3, 4, 5].map((x) => `${x},0,2`);
    const answers = await p.run("INFO rule 1", "START 15", "BOARD", ...six, ...quiet(1), "DONE");
    expect(answers[0], p.exchange()).toBe("OK");
    expect(answers[1], p.exchange()).toMatch(MOVE);
    // A seventh stone on the line is still no win; the brain answers again.
    const seventh = answers[1] === "6,0" ? "7,7" : "6,0";
    expect(await p.run(`TURN ${seventh}`), p.exchange()).toEqual([expect.stringMatching(MOVE)]);
  });

  it.each(Object.keys(ENGINES))("%s: never plays the cell that makes its own six", async (name) => {
    // The brain's X X X _ X X in row 2: the gap (3,2) makes six, a win under freestyle only.
    const own = ["0,2,1", "1,2,1", "2,2,1", "4,2,1", "5,2,1"];
    const opponent = quiet(2).slice(0, 5);
    const standard = protocol(ENGINES[name]());
    const answers = await standard.run("INFO rule 1", "START 15", "BOARD", ...own, ...opponent, "DONE");
    expect(answers, standard.exchange()).toEqual(["OK", expect.stringMatching(MOVE)]);
    expect(answers[1], standard.exchange()).not.toBe("3,2");
    if (name === "random") return;
    // The same position under freestyle: the gap is the win every other engine takes.
    const freestyle = protocol(ENGINES[name]());
    const won = await freestyle.run("INFO rule 0", "START 15", "BOARD", ...own, ...opponent, "DONE");
    expect(won, freestyle.exchange()).toEqual(["OK", "3,2"]);
  });

  it("ends the game at an exact five, and a BOARD with an opponent's exact five is refused", async () => {
    const p = protocol(new PiskasmTsEngine());
    const five = [0, 1, 2, 3, 4].map((x) => `${x},0,2`);
    expect(await p.run("INFO rule 1", "START 15", "BOARD", ...five, ...quiet(1).slice(0, 5), "DONE")).toEqual(
      ["OK", "ERROR the position already has five in a row; the position is unchanged"],
    );
  });
});

describe("rules the brain does not play", () => {
  it.each([2, 4, 5, 8, 9, 16])(
    "refuses INFO rule %i at once with ERROR, and START until rule 0 or 1",
    async (rule) => {
      const p = protocol(new PiskasmTsEngine());
      const [refusal] = await p.run(`INFO rule ${rule}`);
      expect(refusal, p.exchange()).toMatch(new RegExp(`^ERROR rule ${rule} is not played`));
      expect(await p.run("START 15"), p.exchange()).toEqual([refusal]);
      expect(await p.run("INFO rule 1", "START 15"), p.exchange()).toEqual(["OK"]);
    },
  );

  it("starts a game without stones again under an INFO rule that follows START (Piskvork's order)", async () => {
    const p = protocol(new PiskasmTsEngine());
    // Under freestyle the gap would be the win; the rule that came after START decides.
    const own = ["0,2,1", "1,2,1", "2,2,1", "4,2,1", "5,2,1"];
    const answers = await p.run("START 15", "INFO rule 1", "BOARD", ...own, ...quiet(2).slice(0, 5), "DONE");
    expect(answers, p.exchange()).toEqual(["OK", expect.stringMatching(MOVE)]);
    expect(answers[1], p.exchange()).not.toBe("3,2");
  });

  it("asm (PISKASM.COM, freestyle only) refuses rule 1 at INFO once it has a board, and at START", async () => {
    await withBrain(["--engine", "asm", "--no-check"], async (brain) => {
      const refusal = "ERROR PISKASM.COM plays freestyle only (five or more wins), not rule 1";
      brain.send("INFO rule 1");
      expect(await brain.ask("START 19")).toBe(refusal);
      brain.send("INFO rule 0");
      expect(await brain.ask("START 19")).toBe("OK");
      brain.send("INFO rule 1");
      expect(await brain.next()).toBe(refusal);
      expect(await brain.ask("START 19")).toBe(refusal);
    });
  });
});
