import { Option, type Command } from "commander";
import type { DosName } from "../emu/dos-kind.js";
import { bootFloppy } from "../emu/node.js";
import { DOS_PROFILES } from "../guest/dos-profile.js";
import { BOOT_FINDINGS, waitUntilBooted, type BootFinding } from "./boot-ready.js";
import { bootImage, dosOption, freedosImageOption, type DosOptions } from "./dos-options.js";
import { parsePositiveInt } from "./errors.js";
import { imageOption } from "./harness-options.js";

/** What the boot is asked to reach: the game's menu, any DOS prompt (or the menu), or whatever comes. */
type BootExpectation = "menu" | "prompt" | "any";

const SATISFIES: Readonly<Record<BootExpectation, readonly BootFinding[]>> = {
  menu: ["game-menu"],
  prompt: ["game-menu", "dos-prompt"],
  any: ["game-menu", "dos-prompt", "dos-error", "nothing"],
};

interface BootCommandOptions extends DosOptions {
  image?: string;
  json?: boolean;
  timeoutMs: string;
  expect: BootExpectation;
}

interface BootReport {
  bootMs: number;
  dos: DosName;
  found: BootFinding;
  /** The error message's screen line (found = dos-error), else null. */
  error: string | null;
  expected: BootExpectation;
  /** found is what was expected: the exit code is 0. */
  reached: boolean;
  screen: string[];
}

export function registerBoot(program: Command): void {
  program
    .command("boot")
    .description(
      "boot a floppy headless until the game's menu, a DOS prompt or an error message, print the screen and what was found; " +
        "exit 1 when that is not what --expect asks for",
    )
    .addOption(imageOption("1.44 MB floppy image"))
    .addOption(dosOption())
    .addOption(freedosImageOption())
    .addOption(
      new Option(
        "--expect <what>",
        "what the boot must reach: menu (the game's), prompt (a DOS prompt or the menu), any",
      )
        .choices(["menu", "prompt", "any"])
        .default("menu"),
    )
    .option("--json", "print { bootMs, dos, found, error, expected, reached, screen } as JSON")
    .option("--timeout-ms <n>", "give up after this many milliseconds", "60000")
    .action(async (options: BootCommandOptions) => {
      const timeoutMs = parsePositiveInt(options.timeoutMs, "--timeout-ms");
      const { path: image, dos } = bootImage(options, options.image);
      const started = performance.now();
      const machine = await bootFloppy(image);
      try {
        const { found, readyAt, detail } = await waitUntilBooted(machine, DOS_PROFILES[dos], timeoutMs);
        const what = `${BOOT_FINDINGS[found]}${detail ? `: ${detail}` : ""}`;
        const report: BootReport = {
          bootMs: Math.round(readyAt - started),
          dos,
          found,
          error: detail ?? null,
          expected: options.expect,
          reached: SATISFIES[options.expect].includes(found),
          screen: [...machine.screen().lines],
        };
        if (options.json) {
          console.log(JSON.stringify(report));
        } else {
          console.log(machine.screenText());
          console.log(`found: ${what} (after ${report.bootMs} ms)`);
        }
        if (!report.reached) {
          console.error(
            `piskasm: the boot did not reach ${options.expect === "menu" ? "the game's menu" : "a DOS prompt"}; it found ${what}`,
          );
          process.exitCode = 1;
        }
      } finally {
        await machine.destroy();
      }
    });
}
