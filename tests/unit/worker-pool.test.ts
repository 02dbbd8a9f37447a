/** The one worker pool (util/worker-pool.ts): every way a worker ends, said with its cause. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  runEach,
  WorkerFailure,
  WorkerPool,
  type PoolWorker,
  type WorkerSpec,
} from "../../util/worker-pool.js";

const dir = mkdtempSync(join(tmpdir(), "piskasm-pool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A worker script of `body` (it has parentPort as `port` and its workerData as `data`). */
function script(name: string, body: string): string {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(
    path,
    `import { parentPort as port, workerData as data } from "node:worker_threads";\n${body}\n`,
  );
  return path;
}

type Message = { kind: "n"; n: number } | { kind: "done" };

const COUNTER = script(
  "counter",
  `for (let n = 0; n < data.count; n++) port.postMessage({ kind: "n", n });
   port.postMessage({ kind: "done" });
   port.on("message", () => {});`,
);

function counting(
  label: string,
  count: number,
  seen: number[],
): WorkerSpec<{ count: number }, never, Message> {
  return {
    script: COUNTER,
    data: { count },
    label,
    onMessage: (message, worker) => {
      if (message.kind === "n") seen.push(message.n);
      else {
        worker.done();
        worker.terminate();
      }
    },
  };
}

describe("the worker pool", () => {
  it("hands every message of two workers to the run in each worker's order and ends when both are done", async () => {
    const pool = new WorkerPool();
    const first: number[] = [];
    const second: number[] = [];
    await pool.all([pool.start(counting("job 1", 50, first)), pool.start(counting("job 2", 30, second))]);
    expect(first).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(second).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it("hands one worker's message to every other worker (diff's machine at the menu)", async () => {
    const pool = new WorkerPool();
    const sharer = script(
      "sharer",
      `port.postMessage({ kind: "share", text: "menu" }); port.on("message", () => {});`,
    );
    const echo = script(
      "echo",
      `port.once("message", (m) => port.postMessage({ kind: "got", text: m.text }));`,
    );
    type Shared = { kind: "share" | "got"; text: string };
    const got: string[] = [];
    const onMessage = (message: Shared, worker: PoolWorker<Shared>): void => {
      if (message.kind === "share") return pool.broadcast(message, worker);
      got.push(message.text);
      worker.done();
      // The sharer waits for ever: the run ends it once both others have their copy.
      if (got.length === 2) pool.stop();
    };
    const specs = [sharer, echo, echo].map((path, j) => ({
      script: path,
      data: null,
      label: `job ${j + 1}`,
      onMessage,
    }));
    await pool.all(specs.map((spec) => pool.start<null, Shared, Shared>(spec)));
    expect(got).toEqual(["menu", "menu"]);
  });

  it("names a worker that throws, with the error's message, and ends the others", async () => {
    const pool = new WorkerPool();
    const thrower = script("thrower", `throw new Error("the emulator could not boot\\nscreen follows");`);
    const waiter = script("waiter", `port.on("message", () => {});`);
    const run = pool.all([
      pool.start({ script: waiter, data: null, label: "job 1", onMessage: () => {} }),
      pool.start({ script: thrower, data: null, label: "job 2", onMessage: () => {} }),
    ]);
    await expect(run).rejects.toThrow(new WorkerFailure("job 2", "error", "the emulator could not boot"));
  });

  it("names a worker that exits before it is done, with its exit code", async () => {
    const pool = new WorkerPool();
    const quitter = script("quitter", `process.exit(3);`);
    const { ended } = pool.start({ script: quitter, data: null, label: "job 1", onMessage: () => {} });
    await expect(ended).rejects.toThrow("job 1 stopped before finishing (exit code 3)");
  });

  it("ends a worker that says nothing for silenceMs, as silent", async () => {
    const pool = new WorkerPool();
    const stuck = script("stuck", `port.postMessage("alive"); for (;;);`);
    const { ended } = pool.start({
      script: stuck,
      data: null,
      label: "the worker",
      silenceMs: 300,
      onMessage: () => {},
    });
    const failure = await ended.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkerFailure);
    expect((failure as WorkerFailure).end).toBe("silent");
    expect((failure as WorkerFailure).message).toBe("the worker was silent for 300 ms");
  });

  it("fails the run with the handler's own exception (a report that cannot be written)", async () => {
    const pool = new WorkerPool();
    const spec = counting("job 1", 5, []);
    const { ended } = pool.start({
      ...spec,
      onMessage: () => {
        throw new Error("disk full");
      },
    });
    await expect(ended).rejects.toThrow("disk full");
  });

  it("ends every worker at once on its signal, the run ending well with what was handled", async () => {
    const controller = new AbortController();
    const pool = new WorkerPool({ signal: controller.signal });
    const endless = script(
      "endless",
      `let n = 0; setInterval(() => port.postMessage({ kind: "n", n: n++ }), 1);`,
    );
    const seen: number[] = [];
    const run = pool.all([
      pool.start<null, never, Message>({
        script: endless,
        data: null,
        label: "job 1",
        onMessage: (message) => {
          if (message.kind === "n") seen.push(message.n);
          if (seen.length === 20) controller.abort();
        },
      }),
    ]);
    await expect(run).resolves.toBeUndefined();
    expect(seen.length).toBe(20);
  });

  it("starts no work once its signal has come: the run ends at once, well", async () => {
    const controller = new AbortController();
    controller.abort();
    const pool = new WorkerPool({ signal: controller.signal });
    const seen: number[] = [];
    await expect(pool.all([pool.start(counting("job 1", 10, seen))])).resolves.toBeUndefined();
    expect(seen).toEqual([]);
  });
});

describe("runEach", () => {
  it("runs at most jobs tasks at once, hands each result with its index and starts none after the signal", async () => {
    const controller = new AbortController();
    let running = 0;
    let most = 0;
    const results: Array<[number, number]> = [];
    const tasks = Array.from({ length: 10 }, (_, i) => async (): Promise<number> => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (i === 5) controller.abort();
      return i * i;
    });
    await runEach(tasks, 3, (i, result) => results.push([i, result]), controller.signal);
    expect(most).toBe(3);
    expect(results.every(([i, result]) => result === i * i)).toBe(true);
    expect(results.length).toBeLessThan(10);
    expect(results.map(([i]) => i)).toContain(5);
  });
});
