/** util/progress.ts, the one progress reporter of diff, arena and mutate, on a stream that keeps what it is sent. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { progressReporter } from "../../mutate/reporter.js";
import { startProgress } from "../../util/progress.js";

function recorder(isTTY: boolean): { write(text: string): void; isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  return { write: (text) => void chunks.push(text), isTTY, text: () => chunks.join("") };
}

async function run(isTTY: boolean): Promise<string> {
  const stream = recorder(isTTY);
  const progress = await startProgress({
    label: "diff",
    figures: "{moves} moves checked",
    total: 4,
    done: 0,
    fields: { moves: 0 },
    stream,
  });
  progress.update(1, { moves: 3 });
  progress.note("MISMATCH in game 1");
  progress.update(4, { moves: 12 });
  progress.stop();
  return stream.text();
}

afterEach(() => vi.unstubAllEnvs());

describe("the progress reporter", () => {
  it("writes plain lines without terminal codes on a log, the last one with the final figures", async () => {
    vi.stubEnv("CI", "");
    const lines = (await run(false)).split("\n");
    expect(lines[0]).toMatch(/^diff: \[-+\] 0\/4 games, 0 moves checked \| .* left$/);
    expect(lines).toContain("MISMATCH in game 1");
    expect(lines.at(-2)).toMatch(/^diff: \[=+\] 4\/4 games, 12 moves checked \| .* left$/);
    expect(lines.at(-1)).toBe("");
    expect(lines.join("\n")).not.toContain("\x1b");
  });

  it("redraws a bar on a terminal, clears it for a note and draws it again after", async () => {
    vi.stubEnv("CI", "");
    const text = await run(true);
    expect(text).toContain("\r\x1b[KMISMATCH in game 1\n");
    expect(text.slice(text.indexOf("MISMATCH"))).toContain("diff: [");
    expect(text).toContain("4/4 games, 12 moves checked");
    expect(text.endsWith("\n")).toBe(true);
  });

  it("takes a terminal for a log with CI=true", async () => {
    vi.stubEnv("CI", "true");
    const text = await run(true);
    expect(text).not.toContain("\x1b");
    expect(text).toMatch(/^diff: \[-+\] 0\/4 games/);
  });

  it("draws each phase of a mutation campaign with its own unit and figures, its lines between them", async () => {
    vi.stubEnv("CI", "");
    const stream = recorder(false);
    const reporter = progressReporter(stream);
    reporter.log("mutate: 3 mutants of 1 routines");
    const assembling = await reporter.phase("assembling", "mutants", 3, "0 from the last campaign");
    assembling.update(3, { figures: "2 from the last campaign" });
    assembling.stop();
    const playing = await reporter.phase("playing", "mutants", 2, "0 killed, 0 survived");
    reporter.log("mutate: a line while a phase is drawn");
    playing.update(2, { figures: "1 killed, 1 survived" });
    playing.stop();
    const proofs = await reporter.phase("proofs", "survivors", 1, "0 proven equivalent");
    proofs.update(1, { figures: "1 proven equivalent" });
    proofs.stop();
    const lines = stream.text().split("\n");
    expect(lines[0]).toBe("mutate: 3 mutants of 1 routines");
    expect(lines[1]).toMatch(/^mutate assembling: \[-+\] 0\/3 mutants, 0 from the last campaign \| .* left$/);
    expect(lines).toContain("mutate: a line while a phase is drawn");
    expect(lines.filter((line) => /\] 3\/3 mutants, 2 from the last campaign \|/.test(line))).toHaveLength(1);
    expect(
      lines.filter((line) => /^mutate playing: .* 2\/2 mutants, 1 killed, 1 survived \|/.test(line)),
    ).toHaveLength(1);
    expect(lines.at(-2)).toMatch(/^mutate proofs: \[=+\] 1\/1 survivors, 1 proven equivalent \| .* left$/);
  });
});
