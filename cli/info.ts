/** `piskasm info --moves K10,L11`: both engines' Info for a position reached in the emulator. */
import type { Command } from "commander";
import { formatCell, parseCell } from "../engine-ts/index.js";
import { infoGridsSideBySide } from "../checks/board-map.js";
import { openSession } from "../guest/boot.js";
import { BadMoveError, inspectMoves, type Inspection } from "../checks/inspect.js";
import { fieldNotes } from "../debug/symbol-notes.js";
import { projectPath } from "./paths.js";
import { refusing, UsageError } from "./errors.js";
import { addBootOptions, bootSpec, parseSeed, type BootCommandOptions } from "./harness-options.js";

interface InfoCommandOptions extends BootCommandOptions {
  moves: string;
  seed?: string;
  json?: boolean;
}

function parseMoves(text: string): number[] {
  const names = text
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m !== "");
  const cells: number[] = [];
  for (const name of names) {
    const cell = refusing([Error], () => parseCell(name), "--moves: ");
    if (cells.includes(cell))
      throw new UsageError(`--moves: ${formatCell(cell)} is played twice (the cell is occupied)`);
    cells.push(cell);
  }
  return cells;
}

export function registerInfo(program: Command): void {
  const command = program
    .command("info")
    .description(
      "play human moves in the emulator (the computer answering) and show the asm's and engine-ts's Info side by side",
    )
    .requiredOption("--moves <list>", 'human moves, comma-separated, like "K10,L11" (may be empty: "")')
    .option(
      "--seed <s>",
      "0..65535: start the game with this Seed (typed after the game's menu key S); default: the program's counted seed",
    )
    .option("--json", "print { seed, moves, asm, ts, diffs } as JSON");
  addBootOptions(command).action(async (options: InfoCommandOptions) => {
    const moves = parseMoves(options.moves);
    const seed = options.seed === undefined ? undefined : parseSeed(options.seed);
    const session = await openSession(bootSpec(options));
    try {
      const inspection = await refusing([BadMoveError], () => inspectMoves(session, moves, seed));
      const { asm, ts, diffs } = inspection;
      if (options.json) {
        console.log(
          JSON.stringify({
            seed: inspection.seed,
            moves: inspection.played.map(formatCell),
            asm: stateJson(asm),
            ts: stateJson(ts),
            diffs,
          }),
        );
      } else {
        console.log(
          `seed ${inspection.seed}, human moves ${inspection.played.map(formatCell).join(",") || "(none)"}`,
        );
        console.log(infoGridsSideBySide(asm.plocha, asm.info, ts.info));
        console.log(
          diffs.length === 0
            ? "the engines agree on the whole state"
            : `${diffs.length} differences (* in the grids):`,
        );
        for (const d of diffs) {
          console.log(
            `  ${d.field}${d.cell === null ? "" : ` ${formatCell(d.cell)}`}: asm ${d.asm}, ts ${d.ts}`,
          );
        }
        for (const note of fieldNotes(diffs, projectPath("build", "piskasm.sym.json")))
          console.log(`  ${note}`);
      }
      if (diffs.length > 0) process.exitCode = 1;
    } finally {
      await session.machine.destroy();
    }
  });
}

/** An engine's state for --json: the board and Info as plain arrays. */
const stateJson = (
  state: Pick<Inspection["ts"], "plocha" | "info" | "random" | "lastPC" | "volnaPole">,
): object => ({
  plocha: [...state.plocha],
  info: [...state.info],
  random: state.random,
  lastPC: state.lastPC,
  volnaPole: state.volnaPole,
});
