import { describe, expect, it } from "vitest";
import { getRandom } from "../../engine-ts/index.js";
import { RANDOM_STEP } from "../../engine-ts/random.js";

describe("GetRandom", () => {
  it("returns Random and then adds 4567", () => {
    const s = { random: 1000 };
    expect([getRandom(s), getRandom(s), getRandom(s)]).toEqual([1000, 5567, 10134]);
    expect(s.random).toBe(14701);
    expect(RANDOM_STEP).toBe(4567);
  });

  it("wraps around at 65536", () => {
    const s = { random: 65530 };
    expect(getRandom(s)).toBe(65530);
    expect(getRandom(s)).toBe(65530 + 4567 - 65536);
    expect(s.random).toBe(4561 + 4567);
  });

  it("visits all 65536 values before it repeats", () => {
    const seen = new Uint8Array(65536);
    const s = { random: 12345 };
    for (let i = 0; i < 65536; i++) {
      const r = getRandom(s);
      expect(seen[r]).toBe(0);
      seen[r] = 1;
    }
    expect(s.random).toBe(12345);
  });
});
