/**
 * The policy registry: every name a report records has an entry that plays as its capabilities say,
 * the engines that can be an opponent are policies under their own names, and diff's option parsing
 * makes no file (the floppy and the report folder are the run's).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CELLS } from "../../engine-ts/index.js";
import { POLICY_NAMES } from "../../checks/policy-names.js";
import { ENGINES, engineNames } from "../../engines/registry.js";
import type { BoardGeometry } from "../../guest/game-view.js";
import {
  campaignPolicyNames,
  createOpponent,
  findPolicy,
  isPlannedPolicy,
  policyChoices,
} from "../../harness/policy-registry.js";
import { parseDiffOptions, type DiffCommandOptions } from "../../cli/diff-options.js";

const GEOMETRY: BoardGeometry = { left: 4, top: 2, cellWidth: 3, cellHeight: 1 };

describe("the policy registry", () => {
  it.each(POLICY_NAMES.map((name) => [name]))(
    "plays %s as its capabilities say: turns drawn on the screen, an opening of its own",
    async (name) => {
      const entry = findPolicy(name);
      expect(entry, `an entry for ${name}`).toBeDefined();
      const policy = createOpponent({ policy: name, policySeed: 7 });
      expect(policy.name).toBe(name);
      expect(policy.opening !== undefined).toBe(entry?.capabilities.opening);
      const opening = policy.opening?.(0, GEOMETRY);
      if (entry?.capabilities.setUp) {
        const setUps = Array.from({ length: 10 }, (_, i) => policy.opening?.(i, GEOMETRY)?.setUp);
        expect(setUps.some((setUp) => setUp !== undefined)).toBe(true);
      }
      expect(opening === undefined || Array.isArray(opening.menu)).toBe(true);
      const turn = await policy.turn(new Uint8Array(CELLS), GEOMETRY);
      expect(typeof turn === "object").toBe(entry?.capabilities.screen);
      if (typeof turn === "number") expect(turn).toBeLessThan(CELLS);
    },
  );

  it("gives the same turns for the same seed where it says it is deterministic", async () => {
    for (const name of campaignPolicyNames()) {
      const turns = async (): Promise<unknown[]> => {
        const policy = createOpponent({ policy: name, policySeed: 99 });
        policy.opening?.(3, GEOMETRY);
        return [await policy.turn(new Uint8Array(CELLS), GEOMETRY)];
      };
      expect(await turns(), name).toEqual(await turns());
    }
  });

  it("makes every engine marked as an opponent a policy of its name, and no other", () => {
    const opponents = engineNames().filter((name) => ENGINES[name].opponent);
    expect(opponents).toEqual(expect.arrayContaining(["five", "crossmix", "pela", "pbrain"]));
    for (const name of engineNames()) {
      const spec = ENGINES[name].argument ? `${name}:./brain` : name;
      const expected = ENGINES[name].opponent || (POLICY_NAMES as readonly string[]).includes(name);
      expect(isPlannedPolicy(spec), spec).toBe(expected);
    }
    expect(policyChoices()).toEqual([...POLICY_NAMES, "five", "crossmix", "pela", "pbrain:CMD"]);
    expect(isPlannedPolicy("pbrain:")).toBe(false);
    expect(isPlannedPolicy("five:x")).toBe(false);
    expect(isPlannedPolicy("replay")).toBe(false);
  });
});

describe("piskasm diff's option parsing", () => {
  const dir = mkdtempSync(join(tmpdir(), "piskasm-parse-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("builds no floppy and makes no folder: the run does, when it starts", () => {
    const out = join(dir, "reports");
    const options: DiffCommandOptions = {
      games: "4",
      policy: "sweep",
      jobs: "1",
      maxMoves: "100",
      out,
      shrinkMs: "0",
      image: join(dir, "none.img"),
      timeoutMs: "20000",
      dos: "freedos",
      freedosImage: join(dir, "no-freedos.img"),
    };
    const { request } = parseDiffOptions(options);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(dir, "none.img"))).toBe(false);
    expect(() => request.boot()).toThrow(/no-freedos\.img/);
  });
});
