import type { Command } from "commander";
import type { DosKind } from "../emu/dos-kind.js";
import { bootFloppy } from "../emu/node.js";
import { waitUntilBooted } from "./boot-ready.js";
import { bootImage, dosOption, freedosImageOption, type DosOptions } from "./dos-options.js";
import { parsePositiveInt } from "./errors.js";
import { projectPath } from "./paths.js";

interface BootCommandOptions extends DosOptions {
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
    .addOption(dosOption())
    .addOption(freedosImageOption())
    .option("--json", "print { bootMs, dos, screen } as JSON")
    .option("--timeout-ms <n>", "give up after this many milliseconds", "60000")
    .action(async (options: BootCommandOptions) => {
      const timeoutMs = parsePositiveInt(options.timeoutMs, "--timeout-ms");
      const { path: image, dos } = bootImage(options, options.image);
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
