/**
 * The brain's input stays bounded whatever arrives: a manager that writes commands without reading
 * the answers gets its writes blocked after a little input (the brain holds at most about a thousand
 * lines and a read's worth), and a BOARD never closed by DONE holds no more stones than the board
 * has cells, is answered with ERROR at once, and the brain ends promptly when the input stops. Input
 * is generated in the test; the brain's memory is read from /proc (peak RSS, VmHWM).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withBrain, type BrainProcess } from "../../testkit/brain-process.js";

/** The brain's peak resident memory so far, in MB. */
function peakRssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  return Number(/(\d+) kB/.exec(line ?? "")?.[1]) / 1024;
}

/**
 * Writes `chunk` to the brain's input until `total` bytes are written or a write has waited
 * `stallMs` for the brain to read; returns the bytes the brain took.
 */
async function flood(brain: BrainProcess, chunk: string, total: number, stallMs: number): Promise<number> {
  let written = 0;
  while (written < total) {
    const accepted = brain.input.write(chunk);
    written += chunk.length;
    if (accepted) continue;
    const drained = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), stallMs);
      brain.input.once("drain", () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!drained) return written - brain.input.writableLength;
  }
  return written;
}

const MB = 1024 * 1024;

describe("piskasm brain: bounded input", () => {
  it("takes no more than a few hundred KB of commands from a manager that does not read its answers", async () => {
    await withBrain(["--engine", "five"], async (brain) => {
      expect(await brain.ask("START 15"), brain.exchange()).toBe("OK");
      const before = peakRssMb(brain.pid);
      brain.pauseOutput();
      // 48 MB of ABOUT (8 million lines), offered as fast as the brain takes them.
      const taken = await flood(brain, "ABOUT\n".repeat(100_000), 48 * MB, 1500);
      const grown = peakRssMb(brain.pid) - before;
      expect(taken, `the brain took ${taken} bytes`).toBeLessThan(2 * MB);
      expect(grown, `peak RSS grew by ${grown.toFixed(1)} MB`).toBeLessThan(48);
    });
  });

  it("answers a BOARD never closed by DONE with ERROR at once, stays bounded over 2,000,000 lines and ends at the end of input", async () => {
    await withBrain(["--engine", "five"], async (brain) => {
      expect(await brain.ask("START 15"), brain.exchange()).toBe("OK");
      const before = peakRssMb(brain.pid);
      brain.send("BOARD");
      const written = await flood(brain, "1,1,1\n".repeat(100_000), 12 * MB, 10_000);
      expect(written).toBeGreaterThanOrEqual(12 * MB);
      expect(await brain.next(), brain.exchange()).toBe(
        "ERROR BOARD holds more stones than the board has cells (225); the position is unchanged and the lines up to DONE are skipped",
      );
      const grown = peakRssMb(brain.pid) - before;
      expect(grown, `peak RSS grew by ${grown.toFixed(1)} MB`).toBeLessThan(64);
      const closed = performance.now();
      brain.closeInput();
      expect(await brain.exited, brain.exchange()).toBe(0);
      expect(performance.now() - closed, "exit after the end of input").toBeLessThan(1000);
      expect(brain.unread(), brain.exchange()).toEqual([]);
    });
  });
});
