/** testkit/source-lines.ts: the production lines that bench/sizes.ts prints, per folder. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { productionLines } from "../../testkit/source-lines.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A git checkout holding these files (path -> text), tracked unless named in untracked. */
function checkout(files: Record<string, string>, untracked: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "piskasm-lines-"));
  made.push(root);
  const write = (entries: Record<string, string>) => {
    for (const [path, text] of Object.entries(entries)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  write(files);
  execFileSync("git", ["init", "-q"], { cwd: root });
  execFileSync("git", ["add", "."], { cwd: root });
  write(untracked);
  return root;
}

describe("productionLines", () => {
  it("counts the tracked ts, mjs and js lines of each folder as wc -l does", () => {
    const root = checkout({
      "web/a.ts": "one\ntwo\nthree\n",
      "web/deep/b.js": "one\ntwo",
      "cli/c.mjs": "one\ntwo\n",
      "web/style.css": "body {}\n",
      "docs/a.md": "text\n",
    });
    expect([...productionLines(root)]).toEqual([
      ["cli", 2],
      ["web", 4],
    ]);
  });

  it("leaves out tests, benchmarks, the testkit, scripts, top-level files and untracked files", () => {
    const root = checkout(
      {
        "util/a.ts": "one\n",
        "tests/a.test.ts": "one\n",
        "bench/a.ts": "one\n",
        "testkit/a.ts": "one\n",
        "scripts/a.mjs": "one\n",
        "eslint.config.js": "one\n",
      },
      { "util/untracked.ts": "one\ntwo\n" },
    );
    expect([...productionLines(root)]).toEqual([["util", 1]]);
  });

  it("fails outside a git checkout", () => {
    const root = mkdtempSync(join(tmpdir(), "piskasm-lines-"));
    made.push(root);
    expect(() => productionLines(root)).toThrow();
  });
});
