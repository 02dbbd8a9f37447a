/** The engine registry: the names piskasm-asm and piskasm-ts for asm and ts. */
import { describe, expect, it } from "vitest";
import { EngineError } from "../../engines/engine.js";
import { createEngine, engineNames, type EngineContext } from "../../engines/registry.js";

const CONTEXT: EngineContext = {
  boot: () => {
    throw new Error("no engine in this test boots");
  },
  check: false,
  reportsDir: "build/reports",
  message: () => undefined,
  log: () => undefined,
};

describe("the engine registry", () => {
  it("lists piskasm-asm and piskasm-ts beside asm and ts", () => {
    expect(engineNames()).toEqual(expect.arrayContaining(["asm", "ts", "piskasm-asm", "piskasm-ts"]));
  });

  it("creates engine-ts under the name piskasm-ts, playing the same moves as ts", async () => {
    const moves = async (name: string): Promise<string[]> => {
      const engine = createEngine(name, CONTEXT);
      await engine.newGame({ size: 19, rule: 0, seed: 4 });
      const out: string[] = [];
      for (let i = 0; i < 4; i++) {
        const p = await engine.ownMove({ turnMs: 0 });
        out.push(`${p.x},${p.y}`);
        await engine.opponentMove({ x: i, y: 0 });
      }
      return out;
    };
    expect(await moves("piskasm-ts")).toEqual(await moves("ts"));
  });

  it("boots the COM for piskasm-asm as it does for asm (the boot is asked for)", () => {
    expect(() => createEngine("piskasm-asm", CONTEXT)).toThrow("no engine in this test boots");
  });

  it("refuses an argument after piskasm-ts and an unknown name", () => {
    expect(() => createEngine("piskasm-ts:x", CONTEXT)).toThrow(EngineError);
    expect(() => createEngine("piskasm-tx", CONTEXT)).toThrow(/no engine "piskasm-tx"/);
  });
});
