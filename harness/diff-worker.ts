/** Worker-thread entry: one emulator playing its share of a differential run (bundled separately). */
import { workerSide } from "../util/worker-pool.js";
import { playGames } from "./run.js";
import type { MachineSnapshot } from "../emu/types.js";
import type { GameSession } from "../guest/session.js";
import type { MenuMessage, WorkerInput, WorkerMessage } from "./worker-protocol.js";
import { messageOf } from "../util/error-message.js";

const { data: input, port, post } = workerSide<WorkerInput, WorkerMessage>("harness/diff-worker");

/**
 * Moves are counted here and reported at most every MOVES_REPORT_MS (and before each game's result):
 * a message per move (about 2,000 a second per job) would wake the main thread as often and take CPU
 * from the jobs on a machine with as many cores as jobs.
 */
const MOVES_REPORT_MS = 100;
let unreported = 0;
let lastReport = performance.now();
const reportMoves = (): void => {
  if (unreported === 0) return;
  post({ kind: "moves", count: unreported });
  unreported = 0;
  lastReport = performance.now();
};

/** The shared boot's machine at the menu, for the jobs after the first (see WorkerInput). */
function sharedMenu(): Promise<MachineSnapshot> {
  return new Promise((resolve) => {
    port.once("message", (message: MenuMessage) => resolve(message.menu));
  });
}

try {
  const menu = input.sharesBoot ? undefined : await sharedMenu();
  const onMenu = input.sharesBoot
    ? async (session: GameSession): Promise<void> =>
        post({ kind: "menu", menu: await session.machine.snapshot() })
    : undefined;
  await playGames(
    input.boot,
    input.games,
    {
      onMove: () => {
        unreported++;
        if (performance.now() - lastReport >= MOVES_REPORT_MS) reportMoves();
      },
      onGame: (outcome) => {
        reportMoves();
        post({ kind: "game", outcome });
      },
      onCoverage: (hits) => post({ kind: "coverage", hits }),
    },
    { menu, onMenu, coverage: input.coverage, shrinkMs: input.shrinkMs },
  );
  post({ kind: "done" });
} catch (error) {
  post({ kind: "error", message: messageOf(error) });
}
