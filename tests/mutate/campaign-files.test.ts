/**
 * A campaign's folder as a user gets it: the ecosystem report (valid against its schema) and its
 * offline viewer, shards merged into the unsharded campaign's files, an incremental re-run equal to a
 * full campaign, the minimal games as a campaign, and the refusals (a used folder, shards of another
 * campaign, a report of another program), each one line and exit 2.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MinimalGames } from "../../mutate/kill-matrix.js";
import type { MutationReport } from "../../mutate/report.js";
import { schemaErrors } from "./schema.js";
import { CLI, findMutant } from "./mutants.js";

const out = mkdtempSync(join(tmpdir(), "piskasm-campaign-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const IDS = [
  findMutant("constants@engine", "VAL_DEF_FIVE equ 3850", "constant-1").id,
  findMutant("pc_move", "jbe .forward_next", "jump-neighbour").id,
  // Survives: BH is 0 already (mutate/verdicts.json), so it plays every game.
  findMutant("first_move", "mov bh, 0", "remove").id,
];
const GAMES = ["--games", "4", "--probes", "0", "--shrink-ms", "0"];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function piskasm(args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function campaign(dir: string, ids: readonly string[], ...more: string[]): Promise<Run> {
  const run = await piskasm(["mutate", "--ids", ids.join(","), ...GAMES, "--out", join(out, dir), ...more]);
  expect(run.status, run.stderr).toBe(0);
  return run;
}

const read = (dir: string, name = "mutation.json"): string => readFileSync(join(out, dir, name), "utf8");
const report = (dir: string): MutationReport => JSON.parse(read(dir)) as MutationReport;

/** What two runs of one campaign share: all but the times, the jobs and the report files' names. */
function verdicts(r: MutationReport): unknown {
  return {
    identity: r.identity,
    partial: r.partial,
    figures: { ...r.figures, wallS: 0 },
    mutants: r.mutants.map((m) => ({ ...m, report: m.report === undefined ? "none" : "a report" })),
  };
}

function refused(run: Run, text: string): void {
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).toContain(text);
}

beforeAll(async () => {
  await campaign("full", IDS, "--jobs", "2");
}, 400_000);

describe("a campaign's folder", () => {
  it("holds mutation-report.json valid against mutation-testing-report-schema, with the NASM source and the killing games", () => {
    const ecosystem = JSON.parse(read("full", "mutation-report.json")) as {
      files: Record<
        string,
        { language: string; source: string; mutants: { id: string; status: string; killedBy?: string[] }[] }
      >;
    };
    expect(schemaErrors(ecosystem)).toBe("");
    const file = ecosystem.files["asm/piskasm/engine.inc"];
    expect(file.language).toBe("nasm");
    expect(file.source).toBe(readFileSync("asm/piskasm/engine.inc", "utf8"));
    const played = new Map(file.mutants.map((m) => [m.id, m]));
    expect(IDS.map((id) => played.get(id)?.status)).toEqual(["Killed", "Killed", "Ignored"]);
    for (const id of IDS.slice(0, 2)) expect(played.get(id)?.killedBy?.[0]).toMatch(/^game \d+$/);
  });

  it("holds mutation-report.html, the viewer showing the report offline: no request leaves the file", async () => {
    // Debian's Chromium, as the browser tier runs it (tests/browser/browser.ts), with no network to reach.
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
    try {
      const page = await browser.newPage();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(join(out, "full", "mutation-report.html")).href);
      // Playwright's locators look inside the viewer's shadow roots.
      await page.getByText("engine.inc").first().waitFor({ state: "attached", timeout: 30_000 });
      expect(requests.filter((url) => !url.startsWith("file:"))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("names each kill's game in kill-matrix.json, and --games-from minimal-games.json kills them again with those games alone, its phases drawn on stderr", async () => {
    const minimal = JSON.parse(read("full", "minimal-games.json")) as MinimalGames;
    const matrix = JSON.parse(read("full", "kill-matrix.json")) as {
      mutants: Record<string, { game: number }>;
    };
    expect(Object.keys(matrix.mutants).sort()).toEqual(IDS.slice(0, 2).sort());
    expect(new Set(minimal.games)).toEqual(new Set(Object.values(matrix.mutants).map((k) => k.game)));
    const run = await campaign("minimal", IDS, "--games-from", join(out, "full", "minimal-games.json"));
    expect(run.stderr).toMatch(/^mutate assembling: \[=+\] 3\/3 mutants, 0 from the last campaign \|/m);
    expect(run.stderr).toMatch(/^mutate playing: \[=+\] 3\/3 mutants, 2 killed, 1 survived \|/m);
    expect(run.stderr).toMatch(/^mutate proofs: \[=+\] 1\/1 survivors, /m);
    const fast = new Map(report("minimal").mutants.map((m) => [m.id, m]));
    expect(IDS.map((id) => fast.get(id)?.status)).toEqual(["killed", "killed", "survived"]);
    expect(fast.get(IDS[2])?.games).toBe(minimal.games.length);
  }, 400_000);
});

describe("report merge of mutate --shard folders", () => {
  it("writes the unsharded campaign's files", async () => {
    await Promise.all([0, 1].map((i) => campaign(`shard${i}`, IDS, "--shard", `${i}/2`)));
    const merge = await piskasm([
      "report",
      "merge",
      join(out, "shard0"),
      join(out, "shard1"),
      "--out",
      join(out, "merged"),
    ]);
    expect(merge.status, merge.stderr).toBe(0);
    expect(verdicts(report("merged"))).toEqual(verdicts(report("full")));
    for (const name of ["kill-matrix.json", "minimal-games.json"])
      expect(read("merged", name)).toBe(read("full", name));
  }, 400_000);

  it("refuses a shard missing, and a campaign that was not sharded, with one line and exit 2", async () => {
    refused(
      await piskasm(["report", "merge", join(out, "shard0"), "--out", join(out, "m1")]),
      "shards missing",
    );
    refused(
      await piskasm(["report", "merge", join(out, "shard0"), join(out, "full"), "--out", join(out, "m2")]),
      "was not sharded",
    );
  }, 60_000);
});

describe("mutate --incremental", () => {
  it("plays only the mutants the last campaign did not, and equals the full campaign", async () => {
    await campaign("incremental", IDS.slice(0, 2));
    const run = await campaign("incremental", IDS, "--incremental");
    expect(run.stderr).toContain("2 verdicts reused, 1 mutants to play");
    expect(verdicts(report("incremental"))).toEqual(verdicts(report("full")));
  }, 400_000);

  it("re-runs a campaign with nothing changed in seconds, playing nothing", async () => {
    const started = performance.now();
    const run = await campaign("incremental", IDS, "--incremental");
    expect(run.stderr).toContain("3 verdicts reused, 0 mutants to play");
    expect(verdicts(report("incremental"))).toEqual(verdicts(report("full")));
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it("plays every mutant again when the settings changed, assembling only those it plays", async () => {
    cpSync(join(out, "incremental"), join(out, "resettled"), { recursive: true });
    const run = await campaign("resettled", IDS, "--incremental", "--max-moves", "90");
    expect(run.stderr).toContain("the settings (games, policies, seeds, harness) changed");
    expect(run.stderr).toMatch(/mutate assembling: .* 3\/3 mutants, 3 from the last campaign/);
    const played = new Map(report("resettled").mutants.map((m) => [m.id, m.status]));
    expect(IDS.map((id) => played.get(id))).toEqual(["killed", "killed", "survived"]);
    const artifacts = readdirSync(join(out, "resettled", "reports")).filter((name) => name.endsWith(".COM"));
    expect(artifacts).toHaveLength(2);
  }, 400_000);

  it("refuses a used --out without --incremental or --fresh, and --fresh replaces the campaign", async () => {
    refused(
      await piskasm(["mutate", "--ids", IDS[0], "--out", join(out, "full")]),
      "holds a campaign already",
    );
    cpSync(join(out, "incremental"), join(out, "fresh"), { recursive: true });
    await campaign("fresh", IDS.slice(0, 1), "--fresh");
    expect(report("fresh").mutants.map((m) => m.id)).toEqual(IDS.slice(0, 1));
    expect(readdirSync(join(out, "fresh", "reports")).filter((name) => name.endsWith(".json"))).toHaveLength(
      1,
    );
  }, 400_000);
});

describe("a signal while the mutants are assembled", () => {
  it("exits with the signal's code, removes scratch/ and leaves the last campaign's mutation.json as it was", async () => {
    cpSync(join(out, "full"), join(out, "signalled"), { recursive: true });
    const before = read("signalled");
    const child = spawn(
      process.execPath,
      // Every mutant of the program (--limit would assemble only those it spreads over), so the signal
      // comes while they are assembled.
      [CLI, "mutate", ...GAMES, "--incremental", "--out", join(out, "signalled")],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/mutate assembling: .* \d+\/\d+ mutants/.test(stderr)) child.kill("SIGINT");
      });
      child.on("close", resolve);
    });
    expect(code, stderr).toBe(130);
    expect(readdirSync(join(out, "signalled"))).not.toContain("scratch");
    expect(read("signalled")).toBe(before);
  }, 120_000);
});

describe("mutate rescore", () => {
  it("recounts a campaign, and refuses one of another program with one line and exit 2", async () => {
    const rescored = await piskasm(["mutate", "rescore", join(out, "full", "mutation.json"), "--json"]);
    expect(rescored.status, rescored.stderr).toBe(0);
    expect(rescored.stderr).toMatch(/^mutate rescoring: \[=+\] 1\/1 survivors, /m);
    expect(JSON.parse(rescored.stdout)).toMatchObject({ mutants: 3, killed: 2, equivalent: 1 });
    const other = report("full");
    other.identity = { program: "0".repeat(64), settings: other.identity?.settings ?? "" };
    const path = join(out, "other.json");
    writeFileSync(path, JSON.stringify(other));
    refused(await piskasm(["mutate", "rescore", path]), "another program");
    const alias = spawnSync(
      process.execPath,
      [CLI, "mutate", "--rescore", join(out, "full", "mutation.json")],
      {
        encoding: "utf8",
      },
    );
    expect(alias.status).toBe(0);
    expect(alias.stderr).toContain("deprecated");
  }, 120_000);
});
