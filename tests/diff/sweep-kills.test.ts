/**
 * The sweep policy's openings reach paths plain games never take, each shown by a fault written into
 * a copy of the source: the sweep's game of that index ends in a mismatch against the model, while
 * the unchanged program plays the same games without one.
 */
import { describe, expect, it } from "vitest";
import { runDiff } from "../../harness/run.js";
import { BOOT, describeMismatches } from "./setup.js";
import { faultySweep as faulty, sweepGame } from "./fault-session.js";
import { DEFAULT_POLICY_GAMES, mutantGames } from "../../mutate/campaign.js";
import { PROBES, probeScenario } from "../../harness/probe.js";
import { SWEEP_PERIOD } from "../../harness/sweep.js";

/** Every game the faults below are shown by. */
const GAMES = [2, 3, 5, 7, 8, 13, 15, 16, 17, 25];

describe("the sweep's openings", () => {
  it("that show the faults below are played by the mutation campaign's default games", () => {
    const games = mutantGames({
      games: DEFAULT_POLICY_GAMES,
      probes: PROBES.length,
      policies: ["engine", "random", "sweep"],
      seed: 1,
      maxComputerMoves: 100,
    });
    const sweep = games.filter((g) => g.policy === "sweep").map((g) => g.index);
    // Slots 4, 5, 0, 1, 6 and 7; 17 is slot 7 of an odd ten (the key typed ahead of the computer's win),
    // and a game follows it (the corner's Info score).
    expect(sweep.map((i) => i % SWEEP_PERIOD)).toEqual([4, 5, 0, 1, 6, 7]);
    expect(sweep).toContain(17);
    expect(games.at(-1)?.index).toBeGreaterThan(17);
    const probes = games.filter((g) => g.policy === "probe").map((g) => probeScenario(g.index).name);
    expect(probes[probes.indexOf("corner-tie") + 1]).toBe("scan-from-0");
  });

  it("are played by the unchanged program without a mismatch", async () => {
    const { outcomes } = await runDiff({ boot: BOOT, specs: GAMES.map(sweepGame), jobs: 1 });
    expect(describeMismatches(outcomes)).toBe("");
  }, 60_000);

  it("show a board drawn while the refused seed line's message is still on the last row", async () => {
    const edit = { file: "piskasm.asm", from: "SCREEN_ROWS     equ 25", to: "SCREEN_ROWS     equ 24" };
    expect(await faulty(edit, [3])).toEqual([["ScreenCell"]]);
  }, 60_000);

  it("show a ':' taken as a digit, on the command line and in a seed line", async () => {
    const edit = { file: "piskasm/input.inc", from: "        cmp al, 9\n", to: "        cmp al, 10\n" };
    // /S:1: run again from DOS (slot 2), and the seed line "1:" (slot 3): both must be refused.
    const [relaunched, typed] = await faulty(edit, [2, 3]);
    expect(relaunched).toEqual(expect.arrayContaining(["ScreenCell"]));
    expect(typed).toEqual(expect.arrayContaining(["ForcedSeed", "SeedIsForced"]));
  }, 60_000);

  it("show a result answered with Backspace, Ctrl-A or Ctrl-G that makes the key flush wait for more keys", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "flush_keys:\n        mov ah, DOS_CHECK_INPUT",
      to: "flush_keys:\n        mov ah, DOS_CHECK_INPUT+1",
    };
    // Games 5, 15 and 25 answer their set-up's result with Backspace, Ctrl-A and Ctrl-G.
    const fields = await faulty(edit, [5, 15, 25]);
    for (const answered of fields) expect(answered).toEqual(expect.arrayContaining(["Phase", "ScreenCell"]));
  }, 60_000);

  it("show the corner's Info score left from the game before by a NewBoard that clears one word short", async () => {
    const edit = {
      file: "piskasm/engine.inc",
      from: "        mov di, Info\n        mov cx, CELLS\n        rep stosw",
      to: "        mov di, Info\n        mov cx, CELLS-1\n        rep stosw",
    };
    // Game 7 gives its set-up up with an O beside the bottom right corner; game 8 starts after it.
    const [givenUp, next] = await faulty(edit, [7, 8]);
    expect(givenUp).toBeUndefined();
    expect(next).toEqual(expect.arrayContaining(["Info"]));
  }, 60_000);

  it("show the human's clicks polled on the button that the poll before left in BX", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "        hlt\n        mov bx, LEFT_BUTTON\n        call poll_click\n        jnc .hide_cursor",
      to: "        hlt\n        call poll_click\n        jnc .hide_cursor",
    };
    // Game 16 (slot 6) starts its first turn with a right click on an empty cell and a left click
    // beside the board: the left poll leaves its press count, 1, in BX, and the next poll reads the
    // right button, whose press then becomes the human's move.
    const [played] = await faulty(edit, [16]);
    expect(played).toEqual(expect.arrayContaining(["Plocha", "ScreenCell"]));
  }, 60_000);

  it("show the pointer left shown at a result reached in the set-up by a stone placed without hiding it", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: ".place:\n        push ax\n        mov ax, MOUSE_HIDE",
      to: ".place:\n        push ax",
    };
    // Game 5 sets up O's five on the bottom rows (AX = 0102h, no INT 33h function), game 15 X's five
    // on rows 4..13 (AX = 0001h, show): the result must have the pointer hidden.
    const fields = await faulty(edit, [5, 15]);
    for (const over of fields) expect(over).toEqual(["Pointer"]);
  }, 60_000);

  it("show a key typed while the computer wins answering the result the player has not seen", async () => {
    const edit = {
      file: "piskasm/input.inc",
      from: "show_result:\n        call show_status\n        call flush_keys\n",
      to: "show_result:\n        call show_status\n",
    };
    // Game 17 sets up the computer's open four and hands it over with Enter and a Space typed ahead.
    const [won] = await faulty(edit, [17]);
    expect(won).toEqual(expect.arrayContaining(["Phase", "ScreenCell"]));
  }, 60_000);
});
