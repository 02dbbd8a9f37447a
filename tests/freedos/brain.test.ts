/**
 * The Gomocup brain with PISKASM.COM under FreeDOS (`--dos freedos --freedos-image IMG`): START, BEGIN,
 * TURN, a BOARD through the program's set-up mode, TAKEBACK by replay; no check may find a difference.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMove, withBrain } from "../../testkit/brain-process.js";
import { noFreedos, tierName } from "./tier.js";

describe.skipIf(noFreedos)(tierName("FreeDOS: the brain plays PISKASM.COM under FreeDOS"), () => {
  it("answers START, BEGIN, TURN, BOARD and TAKEBACK with the check on and no difference", async () => {
    const image = resolve(process.env.FREEDOS_IMAGE ?? "");
    await withBrain(
      ["--dos", "freedos", "--freedos-image", image, "--seed", "31", "--timeout-ms", "30000"],
      async (brain) => {
        expect(await brain.ask("START 19")).toBe("OK");
        parseMove(await brain.ask("BEGIN"));
        const answer = await brain.ask("TURN 3,3");
        parseMove(answer);
        expect(await brain.ask(`TAKEBACK ${answer}`)).toBe("OK");
        expect(await brain.ask("TAKEBACK 3,3")).toBe("OK");
        expect(await brain.ask("TURN 3,3")).toBe(answer);
        expect(await brain.ask("START 19")).toBe("OK");
        brain.send(["BOARD", "9,9,2", "10,10,1", "8,10,2", "11,8,1"]);
        parseMove(await brain.ask("DONE"));
        expect(brain.transcript.filter((line) => line.startsWith("< MESSAGE"))).toEqual([]);
      },
    );
  });
});
