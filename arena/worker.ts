/** Worker-thread entry of `piskasm arena --jobs J` (bundled as build/arena-worker.mjs): plays the games it is sent. */
import { watchGroups } from "../util/child-groups.js";
import { workerSide } from "../util/worker-pool.js";
import { ArenaTable } from "./table-player.js";
import type { ArenaWorkerInput, FromArenaWorker, ToArenaWorker } from "./worker-protocol.js";
import { messageOf } from "../util/error-message.js";

const { data: input, port, post } = workerSide<ArenaWorkerInput, FromArenaWorker>("arena/worker");
const table = ArenaTable.withEngines(input.settings, input.engines);
// The main thread kills these groups if the run is cut short (terminate() runs no clean-up here).
watchGroups((pid, alive) => post({ kind: "group", pid, alive }));

port.on("message", (message: ToArenaWorker) => {
  if (message.kind === "stop") {
    void table.close().then(() => port.close());
    return;
  }
  table.play(message.game).then(
    (result) => post({ kind: "played", ...result }),
    (error: unknown) => post({ kind: "error", message: messageOf(error) }),
  );
});
post({ kind: "ready" });
