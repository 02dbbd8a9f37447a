/**
 * The debugger under FreeDOS: PISKASM.COM is loaded at another segment than under the small DOS, and
 * the symbol map's offsets are relocated by it; the same scenarios as tests/emu/debugger.test.ts.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { openSession } from "../../guest/boot.js";
import type { GameSession } from "../../guest/session.js";
import { breakpointScenario, profileScenario } from "../emu/debugger-scenarios.js";
import { freedosFloppy, noFreedos, tierName } from "./tier.js";

const STEP_TIMEOUT_MS = 30_000;

describe.skipIf(noFreedos)(tierName("FreeDOS: the debugger relocates by the load segment"), () => {
  let session: GameSession | undefined;
  beforeAll(async () => {
    session = await openSession({ image: freedosFloppy(), dos: "freedos", timeoutMs: STEP_TIMEOUT_MS });
  }, STEP_TIMEOUT_MS * 2);
  afterAll(async () => {
    await session?.machine.destroy();
  });

  const opened = (): GameSession => {
    if (!session) throw new Error("the game did not reach its menu under FreeDOS");
    return session;
  };

  it("stops at a breakpoint on pc_move, steps and runs to HUMAN_TURN", async () => {
    await breakpointScenario(opened());
  });

  it("profiles a computer move, the counts summing to its total", async () => {
    await profileScenario(opened());
  });
});
