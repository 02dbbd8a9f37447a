/** `piskasm brain`'s command line: bad options end it at once with one `piskasm: ...` line and exit 2. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { assertBuilt, LAUNCHER, ROOT } from "../../testkit/brain-process.js";

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  assertBuilt();
  // Without FREEDOS_IMAGE from the caller's environment: --dos freedos must then ask for an image.
  const env = { ...process.env };
  delete env.FREEDOS_IMAGE;
  const result = spawnSync(process.execPath, [LAUNCHER, ...args], {
    cwd: ROOT,
    env,
    input: "",
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("piskasm brain's command line", () => {
  it.each([
    [["--engine", "nosuch"], /^piskasm: no engine "nosuch" \(engines: asm, ts/],
    [["--engine", "ts:extra"], /^piskasm: engine ts takes no argument/],
    [["--seed", "70000"], /^piskasm: --seed must be an integer 0\.\.65535/],
    [
      ["--engine", "asm", "--image", "/nonexistent.img"],
      /^piskasm: floppy image \/nonexistent\.img: not found/,
    ],
    [["--dos", "freedos"], /^piskasm: --dos freedos needs --freedos-image/],
  ])("refuses %j with one line on standard error, nothing on standard output, exit 2", (args, message) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it("explains itself with --help", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Gomocup brain/);
    expect(result.stdout).toMatch(/--engine <name>/);
    expect(result.stdout).toMatch(/--no-check/);
  });
});
