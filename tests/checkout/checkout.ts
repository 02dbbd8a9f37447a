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
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

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
