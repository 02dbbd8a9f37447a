/**
 * What an installed package writes by default and how it fails: `disk -o` and `brain --reports` default
 * to the current directory (never a folder of the package, which would be inside node_modules), and
 * commander's own errors (an unknown option or command, a missing option) are one `piskasm: ...` line
 * with exit code 2, as every other failure.
 */
import { describe, expect, it } from "vitest";
import { piskasm } from "../support/cli.js";
import { PROJECT } from "../../testkit/package-install.js";

/** The default commander shows for `option` in `command --help`. */
function shownDefault(command: string, option: string): string {
  const help = piskasm(command, "--help").stdout.replace(/\s+/g, " ");
  const match = new RegExp(`${option} .*?\\(default: "([^"]*)"\\)`).exec(help);
  return match?.[1] ?? `no default for ${option} in: ${help}`;
}

describe("the CLI's defaults and commander's errors", () => {
  it("writes disk's floppy and brain's reports into the current directory by default", () => {
    expect(shownDefault("disk", "--output <out>")).toBe("freedos.img");
    expect(shownDefault("brain", "--reports <dir>")).toBe("reports");
    expect(shownDefault("disk", "--output <out>")).not.toContain(PROJECT);
  });

  it.each([
    [["diff", "--no-such-option"], "piskasm: unknown option '--no-such-option'"],
    [["no-such-command"], "piskasm: unknown command 'no-such-command'"],
    [["info"], "piskasm: required option '--moves <list>' not specified"],
  ])("says %j in one piskasm: line with exit code 2", (args, line) => {
    const run = piskasm(...args);
    expect(run.stderr.trim().split("\n")).toEqual([line]);
    expect(run.status).toBe(2);
  });
});
