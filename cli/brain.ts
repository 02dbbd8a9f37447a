/**
 * `piskasm brain`: a Gomocup brain (Piskvork's pipe protocol) on standard input and output, with
 * PISKASM.COM in v86 (default) or engine-ts as the player. Standard output carries the protocol only;
 * everything else goes to standard error.
 */
import { randomInt } from "node:crypto";
import { setFlagsFromString } from "node:v8";
import { Option, type Command } from "commander";
import { Notes } from "../brain/notes.js";
import { BrainProtocol } from "../brain/protocol.js";
import { readProtocolInput } from "../brain/input.js";
import { drainOutput, runBrain } from "../brain/run.js";
import { createEngine, ENGINES, engineNames } from "../engines/registry.js";
import { refusing } from "./errors.js";
import {
  addBootOptions,
  bootSpec,
  parseSeed,
  savedMenuState,
  type BootCommandOptions,
} from "./harness-options.js";
import { listenForInterrupts, SIGNAL_EXIT_CODES } from "./interrupt.js";

interface BrainCommandOptions extends BootCommandOptions {
  engine: string;
  check: boolean;
  seed?: string;
  reports: string;
  verbose?: boolean;
  debug?: boolean;
}

function log(line: string): void {
  process.stderr.write(`piskasm brain: ${line}\n`);
}

/**
 * Nothing but protocol lines may reach standard output (c-gomoku-cli takes the first line there as
 * ABOUT's answer): console output of any library goes to standard error instead.
 */
function keepStdoutForTheProtocol(): void {
  const toStderr = (...args: unknown[]): void => {
    process.stderr.write(`${args.map(String).join(" ")}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

export function registerBrain(program: Command): void {
  const engines = engineNames()
    .map((name) => `${name}: ${ENGINES[name].description}`)
    .join("; ");
  const command = program
    .command("brain")
    .description(
      "a Gomocup brain: speaks Piskvork's protocol on standard input and output (run it from a manager as bin/pbrain-piskasm)",
    )
    .addOption(new Option("--engine <name>", `the player (${engines})`).default("asm"))
    .option("--check", "check every asm move against engine-ts, as `piskasm diff` does", true)
    .option("--no-check", "do not check the asm's moves")
    .option("--seed <s>", "every game starts with Seed = s (0..65535); default: a random seed per game")
    .option(
      "--reports <dir>",
      "where mismatch reports are written, in the current directory by default (managers choose it)",
      "reports",
    )
    .option("--verbose", "log every command, its answer and its time on standard error")
    .option(
      "--debug",
      "send a DEBUG line before every move with the engine's time (managers show or skip it)",
    );
  addBootOptions(command).action(async (options: BrainCommandOptions) => {
    keepStdoutForTheProtocol();
    // v86's wasm compiled by Liftoff only, never tiered up to TurboFan. With tier-up an END can come
    // while V8 still compiles the emulator's hot functions on its background threads, and
    // process.exit waits for those jobs (END took 1-2.6 s instead of the protocol's 0.5 s); with
    // TurboFan only (--no-liftoff) each big function (v86's 0F-opcode switch, its main loop) is
    // compiled at its first call, about 0.3 s of a cold START. Liftoff only: cold START 0.75 s
    // instead of 1.0-1.2 s on a quiet host, END 27 ms, a move as fast (the guest's answer is about
    // 50,000 instructions: `node bench/run.mjs brain`).
    setFlagsFromString("--liftoff-only");
    // The manager closed its end of the pipe: there is nobody left to answer.
    process.stdout.on("error", (error: Error) => {
      log(`standard output failed (${error.message}); ending`);
      process.exit(0);
    });
    const fixedSeed = options.seed === undefined ? undefined : parseSeed(options.seed);
    const notes = new Notes();
    // Any failure to create the engine (an unknown name, an unreadable floppy) is the user's.
    const engine = refusing([Error], () =>
      createEngine(options.engine, {
        boot: () => bootSpec(options),
        menuState: () => savedMenuState(bootSpec(options)),
        check: options.check,
        reportsDir: options.reports,
        message: (text) => notes.message(text),
        log,
      }),
    );
    const send = (line: string): void => void process.stdout.write(`${line}\n`);
    const protocol = (stop: () => boolean): BrainProtocol =>
      new BrainProtocol({
        engine,
        send,
        log,
        notes,
        nextSeed: () => fixedSeed ?? randomInt(0x1_0000),
        verbose: options.verbose,
        debugLines: options.debug,
        stop,
      });
    // A signal ends the brain at once; the signal path kills a pbrain engine's process group first.
    const interrupts = listenForInterrupts();
    interrupts.signal.addEventListener("abort", () => {
      const signal = interrupts.received();
      process.exit(signal ? SIGNAL_EXIT_CODES[signal] : 1);
    });
    const end = await runBrain(protocol, {
      open: readProtocolInput,
      output: process.stdout,
      send,
    });
    // Managers kill a brain about a second after END: leave at once (the emulator with the process,
    // a pbrain engine's group killed on exit by util/child-groups), but only once every answer has
    // been written.
    if (end === "EOF") await engine.close();
    await drainOutput(process.stdout);
    process.exit(0);
  });
}
