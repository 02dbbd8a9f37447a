/** `piskasm disk --freedos IMG`: the game's FreeDOS floppy, built on a FreeDOS boot floppy the user gives. */
import type { Command } from "commander";
import { buildFreedosDisk } from "../freedos/build-disk.js";
import { projectDiskInputs } from "../freedos/cache.js";
import { checkOutputPlace, errnoCode, FileError, fsReason } from "../util/files.js";

interface DiskCommandOptions {
  freedos: string;
  output: string;
}

export function registerDisk(program: Command): void {
  program
    .command("disk")
    .description(
      "make the game's FreeDOS floppy: a copy of a FreeDOS boot floppy with MOUSE.COM, PISKASM.COM, " +
        "and an AUTOEXEC.BAT and CONFIG.SYS that boot into the game (the originals kept as .ORG)",
    )
    .requiredOption(
      "--freedos <img>",
      "a 1.44 MB FreeDOS boot floppy with KERNEL.SYS and COMMAND.COM (never modified)",
    )
    .option("-o, --output <out>", "the floppy to write (in the current directory by default)", "freedos.img")
    .action((options: DiskCommandOptions) => {
      checkOutputPlace(options.output, "floppy", "file");
      try {
        buildFreedosDisk(projectDiskInputs(options.freedos), options.output);
      } catch (error) {
        // The build works on temporary files beside the output: name the output, not them.
        if (errnoCode(error) === undefined) throw error;
        throw new FileError(`cannot write ${options.output}: ${fsReason(error)}`);
      }
      console.log(`wrote ${options.output}: FreeDOS from ${options.freedos} with MOUSE.COM and PISKASM.COM`);
      console.log(
        "after the game exits, type PISKASM (or PISKASM /S:n for seed n) at the FreeDOS prompt to play again",
      );
    });
}
