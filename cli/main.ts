/** The `piskasm` command. Each subcommand lives in its own file and registers itself here. */
import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { InputFileError } from "../emu/node.js";
import { registerArena } from "./arena.js";
import { registerBoot } from "./boot.js";
import { registerBrain } from "./brain.js";
import { registerDiff } from "./diff.js";
import { registerDisk } from "./disk.js";
import { registerInfo } from "./info.js";
import { registerMutate } from "./mutate.js";
import { registerReplay } from "./replay.js";
import { registerReport } from "./report.js";
import { registerServe } from "./serve.js";
import { describeFailure } from "./failure.js";
import { UsageError } from "./errors.js";
import { projectPath } from "./paths.js";

/** The version of the project's package.json (a clone's or the installed package's). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(projectPath("package.json"), "utf8")) as { version: string }).version;
}

const program = new Command("piskasm")
  .description("PISKASM.COM, an 8086 DOS gomoku, run in v86 and checked against its TypeScript evaluator")
  .version(packageVersion(), "-V, --version", "print the version of piskasm")
  // Commander's own errors (an unknown option, a missing argument) in the house form: `piskasm: ...`.
  .configureOutput({ outputError: (text, write) => write(`piskasm: ${text.replace(/^error: /, "")}`) })
  .exitOverride();

registerArena(program);
registerBoot(program);
registerDisk(program);
registerDiff(program);
registerInfo(program);
registerMutate(program);
registerReplay(program);
registerReport(program);
registerServe(program);
registerBrain(program);

/** A failure outside the command's own promise (v86 allocating its memory, say): the same one line. */
process.on("unhandledRejection", (reason) => {
  const { message, exitCode } = describeFailure(reason);
  console.error(`piskasm: ${message}`);
  process.exit(exitCode);
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help).
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else if (error instanceof UsageError || error instanceof InputFileError) {
    console.error(`piskasm: ${error.message}`);
    process.exitCode = 2;
  } else {
    const { message, exitCode } = describeFailure(error);
    console.error(`piskasm: ${message}`);
    process.exitCode = exitCode;
  }
}
