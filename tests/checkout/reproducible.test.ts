/**
 * Reproducible builds: two clean builds of the same sources give the same bytes in every file of
 * build/ (the DOS programs, the floppies, the menu state, the bundles, the site, the package's files).
 * The checkout is copied into two empty temporary folders (tests/checkout/checkout.ts), and `make
 * package-files` runs in both at once with the checkout's SOURCE_DATE_EPOCH
 * (scripts/source-date-epoch.sh). Then `make coverage` in one of them must write docs/coverage.md
 * as the checkout has it (the campaign runs on the virtual clock, scripts/virtual-clock.mjs, so the page
 * changes only with the program). Needs nasm, mtools and SeaBIOS (`make setup`); about 2 minutes on
 * two busy cores.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyCheckout, ROOT, run } from "./checkout.js";

const EPOCH_SCRIPT = join(ROOT, "scripts", "source-date-epoch.sh");
/** The fallback of scripts/source-date-epoch.sh outside a git checkout: 1 January 2004 UTC. */
const FALLBACK_EPOCH = "1072915200";
const BUILD_TIMEOUT_MS = 600_000;
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

const scratch = mkdtempSync(join(tmpdir(), "piskasm-reproducible-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

function epochIn(cwd: string, env: NodeJS.ProcessEnv): string {
  return execFileSync(EPOCH_SCRIPT, { cwd, env, encoding: "utf8" }).trim();
}

describe("scripts/source-date-epoch.sh", () => {
  const withoutEpoch = { ...process.env, SOURCE_DATE_EPOCH: "" };

  it("gives SOURCE_DATE_EPOCH when it is set", () => {
    expect(epochIn(ROOT, { ...process.env, SOURCE_DATE_EPOCH: "1234567890" })).toBe("1234567890");
  });

  it("gives the time of the checkout's last commit, else a fixed date outside a git checkout", () => {
    const commitTime = execFileSync("git", ["log", "-1", "--format=%ct"], { cwd: ROOT, encoding: "utf8" });
    expect(epochIn(ROOT, withoutEpoch)).toBe(commitTime.trim());
    const outside = join(scratch, "no-git", "scripts");
    mkdirSync(outside, { recursive: true });
    copyFileSync(EPOCH_SCRIPT, join(outside, "source-date-epoch.sh"));
    chmodSync(join(outside, "source-date-epoch.sh"), 0o755);
    expect(
      execFileSync(join(outside, "source-date-epoch.sh"), { env: withoutEpoch, encoding: "utf8" }).trim(),
    ).toBe(FALLBACK_EPOCH);
  });
});

const epoch = epochIn(ROOT, process.env);
const buildEnv = { ...process.env, SOURCE_DATE_EPOCH: epoch };
const [first, second] = ["first", "second"].map((name) => join(scratch, name));
let builds: Promise<number> | undefined;

/** The two copies built at once (once for the file); resolves with the seconds it took. */
function buildTwice(): Promise<number> {
  builds ??= (async () => {
    for (const dir of [first, second]) copyCheckout(dir);
    const started = performance.now();
    await Promise.all([first, second].map((dir) => run(dir, "make", ["package-files"], buildEnv)));
    return (performance.now() - started) / 1000;
  })();
  return builds;
}

describe("two clean builds of the same sources", () => {
  it(
    "give the same bytes in every file of build/",
    async () => {
      console.log(`two builds at once: ${(await buildTwice()).toFixed(0)} s`);
      const files = filesUnder(join(first, "build"));
      expect(filesUnder(join(second, "build"))).toEqual(files);
      const differing = files.filter(
        (file) => !readFileSync(join(first, "build", file)).equals(readFileSync(join(second, "build", file))),
      );
      console.log(`${files.length} files compared, ${differing.length} differ`);
      expect(differing).toEqual([]);
      // The things that used to differ are there to be compared.
      expect(files).toEqual(
        expect.arrayContaining(["PISKASM.COM", "piskasm.img", "menu.state", join("site", "sw.js")]),
      );
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    "make coverage leaves docs/coverage.md as it is committed",
    async () => {
      await buildTwice();
      // -o: node_modules is the checkout's, linked: its `npm ci` must not run here.
      await run(first, "make", ["-o", "node_modules/.package-lock.json", "coverage"], buildEnv);
      expect(readFileSync(join(first, "docs", "coverage.md"), "utf8")).toBe(read("docs/coverage.md"));
    },
    BUILD_TIMEOUT_MS,
  );
});
