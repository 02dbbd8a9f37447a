/**
 * A copy of the checkout for the checkout tier: the files `git ls-files` lists (committed and new, not
 * ignored; so no build/), with the project's node_modules linked in. Only `make` targets that do not
 * install may run in it (`make package-files`, `make build/cli.mjs`): `make`'s npm step would run
 * `npm ci`, which empties node_modules, the project's own through the link.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, statSync, symlinkSync } from "node:fs";
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
