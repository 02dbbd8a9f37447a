/**
 * The source-level debugger on the real PISKASM.COM under the small DOS: an INT 3 breakpoint on
 * pc_move stops there with the registers the CPU has, step over and step land on the next source
 * lines, run to HUMAN_TURN finishes the computer's move, detaching leaves the game playing as
 * before, and a move's instruction profile sums to its total.
 */
import { resolve } from "node:path";
import { describe, it } from "vitest";
import { GameSession } from "../../guest/session.js";
import { breakpointScenario, profileScenario } from "./debugger-scenarios.js";
import { bootForDescribe, ROOT } from "./support.js";

describe("the debugger on PISKASM.COM under the small DOS", () => {
  const get = bootForDescribe(
    () => resolve(ROOT, "build/piskasm.img"),
    (machine) => GameSession.open(machine, { timeoutMs: 20_000 }),
  );

  it("stops at breakpoints on pc_move and on a source line with the registers v86's CPU has, steps and runs to HUMAN_TURN", async () => {
    await breakpointScenario(await get());
  });

  it("splits a computer move into update, pc_move, drawing, MOUSE.COM, DOS and other, summing to the move's total", async () => {
    await profileScenario(await get());
  });
});
