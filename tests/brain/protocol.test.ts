/**
 * `piskasm brain` driven as Piskvork and c-gomoku-cli drive a brain: a child process over pipes, one
 * command per line, answers read from standard output. Every test prints the exchanged lines on failure.
 */
import { describe, expect, it } from "vitest";
import { parseMove, PROTOCOL_LINE, withBrain, type BrainProcess } from "../../testkit/brain-process.js";

interface EngineCase {
  engine: "ts" | "asm";
  /** Sizes the engine refuses (answer ERROR) and one it plays besides 19. */
  refusedSize: number;
  otherSize: number | undefined;
}

const CASES: EngineCase[] = [
  { engine: "ts", refusedSize: 25, otherSize: 15 },
  { engine: "asm", refusedSize: 20, otherSize: undefined },
];

const ABOUT = /^name="[^"]+", version="[^"]+", author="[^"]+", country="[^"]+"$/;

function args(engine: string): string[] {
  return ["--engine", engine, "--seed", "7"];
}

/** A move on an empty cell of the board, which the test records. */
function expectFreeMove(line: string, taken: Set<string>, size = 19): { x: number; y: number } {
  const move = parseMove(line);
  expect(move.x).toBeLessThan(size);
  expect(move.y).toBeLessThan(size);
  expect(taken.has(`${move.x},${move.y}`), `${line} is occupied`).toBe(false);
  taken.add(`${move.x},${move.y}`);
  return move;
}

/** The asm brain checks its moves against engine-ts and says so in a MESSAGE when they differ. */
function expectNoMismatch(brain: BrainProcess): void {
  expect(brain.transcript.filter((line) => line.startsWith("< MESSAGE") && line.includes("differs"))).toEqual(
    [],
  );
}

async function everyLineIsProtocol(brain: BrainProcess): Promise<void> {
  brain.send("ABOUT");
  await brain.next();
  const out = brain.transcript.filter((l) => l.startsWith("< ")).map((l) => l.slice(2));
  for (const line of out) expect(line, "standard output carries protocol lines only").toMatch(PROTOCOL_LINE);
}

describe.each(CASES)("the brain with --engine $engine", (c) => {
  it('answers ABOUT before START with the documented key="value" line, first on standard output', async () => {
    await withBrain(args(c.engine), async (brain) => {
      brain.send("ABOUT");
      expect(await brain.next()).toMatch(ABOUT);
      expect(await brain.ask("START 19")).toBe("OK");
      await everyLineIsProtocol(brain);
    });
  });

  it("plays a game: START, BEGIN, TURN, INFO of every key, RESTART, a second START without RESTART", async () => {
    await withBrain(args(c.engine), async (brain) => {
      brain.send([
        "INFO timeout_match 300000",
        "INFO timeout_turn 5000",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO time_left 2147483647",
        "INFO folder /tmp/piskasm-brain-test",
        "INFO evaluate 3,4",
        "INFO some_future_key 12",
      ]);
      // INFO has no answer: the first line is START's.
      expect(await brain.ask("START 19")).toBe("OK");
      const taken = new Set<string>();
      expectFreeMove(await brain.ask("BEGIN"), taken);
      for (const turn of ["3,3", "15,4", "4,15"]) {
        taken.add(turn);
        brain.send("INFO time_left 100000");
        expectFreeMove(await brain.ask(`TURN ${turn}`), taken);
      }
      expect(await brain.ask("RESTART")).toBe("OK");
      const afterRestart = new Set<string>();
      expectFreeMove(await brain.ask("BEGIN"), afterRestart);
      // c-gomoku-cli: START for every game, no RESTART; START resets everything (BEGIN needs an empty board).
      expect(await brain.ask("START 19")).toBe("OK");
      expectFreeMove(await brain.ask("BEGIN"), new Set());
      expect(brain.unread()).toEqual([]);
      await everyLineIsProtocol(brain);
    });
  });

  it("accepts CR LF (Piskvork) as well as LF (c-gomoku-cli) line ends", async () => {
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask("START 19", "\r\n")).toBe("OK");
      const taken = new Set(["9,9"]);
      expectFreeMove(await brain.ask("TURN 9,9", "\r\n"), taken);
      taken.add("10,10");
      expectFreeMove(await brain.ask("TURN 10,10", "\n"), taken);
    });
  });

  it("answers sizes and boards it cannot play with ERROR and keeps playing", async () => {
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask(`START ${c.refusedSize}`)).toMatch(/^ERROR .*\d+/);
      expect(await brain.ask("RECTSTART 30,20")).toMatch(/^ERROR rectangular/);
      if (c.otherSize) {
        expect(await brain.ask(`START ${c.otherSize}`)).toBe("OK");
        expectFreeMove(await brain.ask("BEGIN"), new Set(), c.otherSize);
      }
      expect(await brain.ask("START 19")).toBe("OK");
      expectFreeMove(await brain.ask("BEGIN"), new Set());
    });
  });

  it("sends a DEBUG line before each move with --debug, which managers skip", async () => {
    await withBrain([...args(c.engine), "--debug"], async (brain) => {
      expect(await brain.ask("START 19")).toBe("OK");
      brain.send("TURN 9,9");
      const skipped: string[] = [];
      const move = await brain.answer(skipped);
      parseMove(move);
      expect(skipped).toEqual([
        expect.stringMatching(new RegExp(`^DEBUG PiskAsm\\S* chose ${move} in \\d+\\.\\d\\d ms$`)),
      ]);
    });
  });

  it("plays INFO rule 1 (ts) or refuses it with ERROR at START (asm, freestyle only)", async () => {
    await withBrain(args(c.engine), async (brain) => {
      brain.send("INFO rule 1");
      const started = await brain.ask("START 19");
      if (c.engine === "asm") {
        expect(started).toBe("ERROR PISKASM.COM plays freestyle only (five or more wins), not rule 1");
        return;
      }
      expect(started).toBe("OK");
      brain.send("TURN 9,9");
      const skipped: string[] = [];
      parseMove(await brain.answer(skipped));
      expect(skipped).toEqual([]);
    });
  });

  it("answers every bad input with ERROR or UNKNOWN and keeps its state", async () => {
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask("BEGIN")).toMatch(/^ERROR .*START/);
      expect(await brain.ask("TURN 1,1")).toMatch(/^ERROR .*START/);
      expect(await brain.ask("TAKEBACK 1,1")).toMatch(/^ERROR .*START/);
      expect(await brain.ask("BOARD")).toMatch(/^ERROR .*START/);
      expect(await brain.ask("START")).toMatch(/^ERROR START needs/);
      expect(await brain.ask("START abc")).toMatch(/^ERROR START needs/);
      expect(await brain.ask("START 19")).toBe("OK");
      const taken = new Set(["9,9"]);
      const answer = expectFreeMove(await brain.ask("TURN 9,9"), taken);
      for (const bad of ["TURN", "TURN a,b", "TURN 1;2", "TURN -1,3", "TURN 1,2,3", "TAKEBACK x", "PLAY 1"]) {
        expect(await brain.ask(bad), bad).toMatch(/^ERROR /);
      }
      expect(await brain.ask("TURN 19,0")).toMatch(/^ERROR .*off the 19x19 board/);
      expect(await brain.ask("TURN 9,9")).toMatch(/^ERROR 9,9 is occupied/);
      expect(await brain.ask(`TURN ${answer.x},${answer.y}`)).toMatch(/is occupied/);
      expect(await brain.ask("BEGIN")).toMatch(/^ERROR BEGIN needs an empty board/);
      expect(await brain.ask("TAKEBACK 0,0")).toMatch(/^ERROR cannot take back 0,0/);
      expect(await brain.ask("FROB 1,2")).toMatch(/^UNKNOWN /);
      expect(await brain.ask("SWAP2BOARD")).toMatch(/^UNKNOWN /);
      expect(await brain.ask("ABOUT now")).toMatch(/^ERROR ABOUT takes no arguments/);
      // BOARD with impossible contents: ERROR at DONE, the position stays as it was.
      const impossible = [
        ["1,1,1", "1,1,2"],
        ["1,1,4"],
        ["30,1,1"],
        ["1,1,1", "2,2,1"],
        ["0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "0,5,1", "1,5,1", "2,5,1", "3,5,1"],
        ["1,1,3"],
        ["garbage", "1,1,2"],
      ];
      for (const lines of impossible) {
        brain.send(["BOARD", ...lines]);
        expect(await brain.ask("DONE"), lines.join(" ")).toMatch(/^ERROR .*position is unchanged/);
      }
      brain.send(["BOARD", "1,1,2"]);
      expect(await brain.ask("TURN 2,2")).toMatch(/^ERROR BOARD was not ended by DONE/);
      expect(await brain.answer()).toMatch(/^\d+,\d+$/);
      taken.add("2,2");
      // The game goes on from the same position.
      taken.add("12,3");
      expectFreeMove(await brain.ask("TURN 12,3"), taken);
      expect(brain.unread()).toEqual([]);
    });
  });

  it("survives 300 lines of seeded random input, answering only protocol lines, and still plays", async () => {
    const words = [
      "START",
      "TURN",
      "BOARD",
      "DONE",
      "BEGIN",
      "INFO",
      "TAKEBACK",
      "PLAY",
      "RESTART",
      "RECTSTART",
      "ABOUT",
      "SWAP2BOARD",
      "turn",
      "X",
      "",
    ];
    const values = [
      "",
      "19",
      "15",
      "0",
      "-1",
      "99999999",
      "3,4",
      "18,18",
      "19,19",
      "a,b",
      "1,2,1",
      "1,2,2",
      "5,5,3",
      " 7 , 8 ",
      "rule 1",
      "timeout_turn x",
      ",,",
      "\t",
    ];
    let x = 12345;
    const next = (n: number): number => {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      return (x >> 8) % n;
    };
    await withBrain(args(c.engine), async (brain) => {
      for (let i = 0; i < 300; i++)
        brain.send(`${words[next(words.length)]} ${values[next(values.length)]}`.trimEnd());
      // A size no random line has: its ERROR is the last answer to the random input.
      brain.send("START 4242");
      for (let line = await brain.next(); !line.includes("4242"); line = await brain.next())
        expect(line).toMatch(PROTOCOL_LINE);
      // The random lines may have asked for rule 1, which the asm engine refuses at START.
      brain.send("INFO rule 0");
      expect(await brain.ask("START 19")).toBe("OK");
      expectFreeMove(await brain.ask("TURN 0,18"), new Set(["0,18"]));
    });
  });

  it("takes back stones and plays the same again (TAKEBACK restores the earlier state)", async () => {
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask("START 19")).toBe("OK");
      const first = await brain.ask("BEGIN");
      const second = await brain.ask("TURN 5,5");
      const third = await brain.ask("TURN 6,6");
      parseMove(third);
      expect(await brain.ask(`TAKEBACK ${third}`)).toBe("OK");
      expect(await brain.ask("TAKEBACK 6,6")).toBe("OK");
      expect(await brain.ask(`TAKEBACK ${second}`)).toBe("OK");
      expect(await brain.ask("TAKEBACK 5,5")).toBe("OK");
      expect(await brain.ask("TURN 5,5")).toBe(second);
      expect(await brain.ask("TURN 6,6")).toBe(third);
      expect(first).toMatch(/^\d+,\d+$/);
      // Taking back the brain's own stone only, then another opponent stone: a new position to reach.
      expect(await brain.ask(`TAKEBACK ${third}`)).toBe("OK");
      parseMove(await brain.ask("TURN 12,12"));
      expectNoMismatch(brain);
    });
  });

  it("plays BOARD positions (empty, either side to move), TURN after them, and PLAY", async () => {
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask("START 19")).toBe("OK");
      brain.send(["BOARD"]);
      expectFreeMove(await brain.ask("DONE"), new Set());
      // Piskvork without TAKEBACK: RESTART, then the position again as a BOARD.
      expect(await brain.ask("RESTART")).toBe("OK");
      brain.send(["BOARD", "9,9,2"]);
      expectFreeMove(await brain.ask("DONE"), new Set(["9,9"]));
      // c-gomoku-cli's openings: a few stones, the brain to move as the second or the first player.
      brain.send(["BOARD", "9,9,2", "10,10,1", "8,10,2"]);
      expectFreeMove(await brain.ask("DONE"), new Set(["9,9", "10,10", "8,10"]));
      brain.send(["BOARD", "9,9,1", "10,10,2", "8,10,1", "11,11,2"]);
      const taken = new Set(["9,9", "10,10", "8,10", "11,11"]);
      expectFreeMove(await brain.ask("DONE"), taken);
      taken.add("0,0");
      expectFreeMove(await brain.ask("TURN 0,0"), taken);
      expect(await brain.ask("PLAY 18,18")).toBe("18,18");
      expect(await brain.ask("PLAY 18,18")).toMatch(/^ERROR 18,18 is occupied/);
      taken.add("18,18").add("1,0");
      expectFreeMove(await brain.ask("TURN 1,0"), taken);
      expectNoMismatch(brain);
    });
  });

  it("ends within a second of END, and cleanly at the end of its input", async () => {
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask("START 19")).toBe("OK");
      parseMove(await brain.ask("BEGIN"));
      const sent = performance.now();
      brain.send("END");
      expect(await brain.exited).toBe(0);
      expect(performance.now() - sent).toBeLessThan(1000);
      expect(brain.unread()).toEqual([]);
    });
    await withBrain(args(c.engine), async (brain) => {
      expect(await brain.ask("START 19")).toBe("OK");
      brain.send("TURN 9,9");
      brain.closeInput();
      parseMove(await brain.answer());
      expect(await brain.exited).toBe(0);
    });
  });
});
