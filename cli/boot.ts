import type { Command } from "commander";
import { detectDos, type DosKind } from "../emu/dos-kind.js";
import { bootFloppy, loadFloppy } from "../emu/node.js";
import { waitUntilBooted } from "./boot-ready.js";
import { parsePositiveInt, UsageError } from "./errors.js";
import { projectPath } from "./paths.js";

interface BootCommandOptions {
  image?: string;
  json?: boolean;
  timeoutMs: string;
}

interface BootReport {
  bootMs: number;
  dos: DosKind;
  screen: string[];
}

export function registerBoot(program: Command): void {
  program
    .command("boot")
    .description("boot a floppy headless until the game's menu (or the end of AUTOEXEC) and print the screen")
    .option("--image <path>", "1.44 MB floppy image", projectPath("build", "piskasm.img"))
    .option("--json", "print { bootMs, dos, screen } as JSON")
    .option("--timeout-ms <n>", "give up after this many milliseconds", "60000")
    .action(async (options: BootCommandOptions) => {
      const timeoutMs = parsePositiveInt(options.timeoutMs, "--timeout-ms");
      const image = options.image ?? projectPath("build", "piskasm.img");
      const floppy = loadFloppy(image);
      let dos: DosKind;
      try {
        dos = detectDos(floppy);
      } catch (error) {
        throw new UsageError(`${image}: ${(error as Error).message}`);
      }
      const started = performance.now();
      const machine = await bootFloppy(image);
      try {
        const { readyAt } = await waitUntilBooted(machine, timeoutMs);
        const report: BootReport = {
          bootMs: Math.round(readyAt - started),
          dos,
          screen: [...machine.screen().lines],
        };
        console.log(options.json ? JSON.stringify(report) : machine.screenText());
      } finally {
        await machine.destroy();
      }
    });
}
