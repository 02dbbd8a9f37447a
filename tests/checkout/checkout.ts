/**
 * A copy of the checkout for the checkout tier: the files `git ls-files` lists (committed and new, not
 * ignored; so no build/), with the project's node_modules linked in. Only `make` targets that do not
 * install may run in it (`make package-files`, `make build/cli.mjs`): `make`'s npm step would run
 * `npm ci`, which empties node_modules, the project's own through the link.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll } from "vitest";

export const ROOT = join(import.meta.dirname, "..", "..");

/** How long a recipe's test may take: a build, tests and a run in its copy. */
export const RECIPE_TIMEOUT_MS = 600_000;

/** A new temporary folder for the copy of the test file `name`, removed after the file's tests. */
export function scratchFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `piskasm-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Copies the checkout's sources into `dir` (made if missing). */
export function copyCheckout(dir: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(ROOT, file)));
  for (const file of files) {
    const to = join(dir, file);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(ROOT, file), to);
    chmodSync(to, statSync(join(ROOT, file)).mode);
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
}

/** Runs `command args` in `dir`; resolves with its output, rejects with it when the exit code is not 0. */
export function run(
  dir: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} in ${dir} exited ${code}:\n${output}`)),
    );
  });
}

/**
 * Runs vitest on `files` of the copy in `dir` (with `filter`, only the tests whose names match it);
 * resolves with the number of tests that passed, rejects when one failed.
 */
export async function testsPassedIn(dir: string, files: readonly string[], filter?: string): Promise<number> {
  const args = ["vitest", "run", ...files, ...(filter === undefined ? [] : ["-t", filter])];
  const output = stripVTControlCharacters(await run(dir, "npx", args));
  const passed = /Tests\s+(\d+) passed/.exec(output);
  if (!passed) throw new Error(`vitest ${files.join(" ")} in ${dir} passed no test:\n${output}`);
  return Number(passed[1]);
}

/** The type check of the whole copy in `dir` (`tsconfig` of the root), then lint of `files` (no cache: the copy is new). */
export async function typecheckAndLint(dir: string, files: readonly string[]): Promise<void> {
  await run(dir, "npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]);
  await run(dir, "npx", ["eslint", "--no-cache", ...files]);
}

/** Builds what a `piskasm diff` run needs in the copy in `dir` (make's targets that do not install): the CLI, the floppy, the BIOS files. */
export async function makeForDiff(dir: string): Promise<void> {
  await run(dir, "make", [
    "build/cli.mjs",
    "build/piskasm.img",
    "build/bios/bios.bin",
    "build/bios/vgabios-stdvga.bin",
  ]);
}

/** Runs `piskasm diff --games GAMES --policy POLICY` with the copy's CLI in `dir`; resolves with its output (exit code 0: no mismatch). */
export function diffIn(dir: string, policy: string, games: number): Promise<string> {
  const out = join(dir, "diff-reports");
  return run(dir, "node", [
    "build/cli.mjs",
    "diff",
    "--games",
    String(games),
    "--policy",
    policy,
    "--out",
    out,
  ]);
}

/** Writes `text` to `file` of the copy in `dir` (its folders made). */
export function writeIn(dir: string, file: string, text: string): void {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** Inserts `text` before (or after) the one place `anchor` is in `file` of the copy in `dir`. */
export function insertIn(
  dir: string,
  file: string,
  anchor: string,
  text: string,
  where: "before" | "after",
): void {
  const path = join(dir, file);
  const source = readFileSync(path, "utf8");
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0)
    throw new Error(`${file} no longer has one "${anchor}" where the recipe adds to it`);
  const cut = where === "before" ? at : at + anchor.length;
  writeFileSync(path, source.slice(0, cut) + text + source.slice(cut));
}

/**
 * Copies the checkout into `dir` (copyCheckout) and checks that CONTRIBUTING.md's section from the
 * heading `from` up to the heading `to` still names each of `named`, the places the recipe's test
 * follows it to: a recipe that drifted from the code fails here with what it no longer names.
 */
export function copyForRecipe(dir: string, from: string, to: string, named: readonly string[]): void {
  copyCheckout(dir);
  const text = readFileSync(join(dir, "CONTRIBUTING.md"), "utf8");
  const start = text.indexOf(from);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no "${from}"`);
  const steps = text.slice(start, text.indexOf(to, start));
  const missing = named.filter((name) => !steps.includes(name));
  if (missing.length > 0)
    throw new Error(
      `CONTRIBUTING.md's "${from}" no longer names ${missing.join(", ")}, as its test follows it`,
    );
}
