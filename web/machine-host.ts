/**
 * The page's one emulated PC over its life: the boot files fetched once, a machine booted from a
 * floppy (with the server's menu state when there is one), the machine saved at the game's first
 * menu, Reset back to it, another floppy, and the boot progress in the status line.
 */
import { FLOPPY_BYTES } from "../emu/floppy.js";
import type { Machine, MachineSnapshot } from "../emu/types.js";
import { startMachine, type BootFiles } from "./boot.js";
import type { ErrorBox } from "./error-box.js";
import type { QueuedMachine } from "./input-queue.js";
import type { StatusLine } from "./status.js";

const DEFAULT_FLOPPY = "piskasm.img";
/** After this long without finding the game the page stops calling it booting. */
const GIVE_UP_SEARCH_S = 15;
/** The boot's progress bar after the files (web/boot.ts): the emulator, then the search for the game. */
const EMULATOR_AT = 0.45;
const RESTORE_AT = 0.8;
const SEARCH_SHARE = 0.5;

export interface MachineHostEvents extends Pick<QueuedMachine, "withMachine"> {
  status: StatusLine;
  errors: ErrorBox;
  /** The machine is about to be replaced or reset (the debugger detaches, the page forgets the game). */
  leaving(): Promise<void>;
  /** `machine` runs from a new state (booted, or reset): watch it from scratch. */
  running(machine: Machine, fresh: boolean): void;
  /** busy, files or the machine changed. */
  changed(): void;
  /** The screen's element and the hook after each redraw. */
  screen: HTMLElement;
  redrawn(): void;
}

export class MachineHost {
  machine: Machine | undefined;
  files: BootFiles | undefined;
  floppyName = DEFAULT_FLOPPY;
  busy = true;
  private snapshot: MachineSnapshot | undefined;
  private bootStartedAt = 0;
  /** The first redraw after a boot or the menu state's restore is still to come (performance mark piskasm:screen-drawn). */
  private firstFrameDue = false;

  constructor(private readonly events: MachineHostEvents) {}

  /** Boot the default floppy once `files` (web/boot.ts's loadBootFiles, started early) are in. */
  async start(files: Promise<BootFiles>): Promise<void> {
    try {
      this.files = await files;
    } catch (error) {
      // Reset (a reload, without the files) stays possible.
      this.busy = false;
      this.events.changed();
      throw error;
    }
    performance.mark("piskasm:files-loaded");
    await this.boot(this.files.floppy, DEFAULT_FLOPPY, this.files.menuState);
  }

  /** The game's menu was seen for the first time: keep the machine as it is there, for Reset. */
  saveMenu(): void {
    this.events.withMachine(async (machine) => {
      this.snapshot = await machine.snapshot();
      this.events.changed();
    });
  }

  /** Back to the game's menu: the machine saved there, or the default floppy booted again (also after a failed floppy). */
  reset(): void {
    const { files, snapshot, machine } = this;
    if (!files) {
      location.reload();
      return;
    }
    if (!machine || !snapshot) {
      this.boot(files.floppy, DEFAULT_FLOPPY, files.menuState).catch((error: unknown) =>
        this.events.errors.show("The emulator failed to start", error),
      );
      return;
    }
    this.events.withMachine(async () => {
      await this.events.leaving();
      if (machine.isPaused()) await machine.resume();
      await machine.restore(snapshot);
      this.events.running(machine, false);
    });
  }

  loadFloppy(file: File): void {
    if (file.size !== FLOPPY_BYTES) {
      this.events.errors.show(
        "Not a 1.44 MB floppy image",
        `${file.name} has ${file.size} bytes; a 1.44 MB floppy image has ${FLOPPY_BYTES}.`,
        "Choose a .img file such as build/piskasm.img or the FreeDOS floppy.",
      );
      return;
    }
    file
      .arrayBuffer()
      .then((buffer) => this.boot(new Uint8Array(buffer), file.name))
      .catch((error: unknown) =>
        this.events.errors.show(
          `Could not boot ${file.name}`,
          error,
          "Reset starts the game's own floppy again.",
        ),
      );
  }

  /** No game in memory yet: the boot's progress, or after a while the plain fact. */
  searching(): void {
    const machine = this.machine;
    if (!machine) return;
    const seconds = (performance.now() - this.bootStartedAt) / 1000;
    if (seconds > GIVE_UP_SEARCH_S) {
      this.events.status.ready(
        `${this.floppyName} is running without PISKASM.COM in memory · the screen still takes keys and clicks`,
      );
      return;
    }
    const mips = machine.instructionCount() / 1e6;
    this.events.status.busy(
      `Booting ${this.floppyName}: ${seconds.toFixed(1)} s, ${mips.toFixed(0)} M instructions · waiting for PISKASM.COM`,
      EMULATOR_AT + SEARCH_SHARE * (1 - Math.exp(-seconds / 2)),
    );
  }

  /**
   * A new machine for `floppy`; with `menuState` (made by the server for this floppy) it starts at the
   * menu: the machine is made while the state may still be arriving, and runs only once it is restored.
   */
  private async boot(floppy: Uint8Array, name: string, menuState?: Promise<ArrayBuffer>): Promise<void> {
    const files = this.files;
    if (!files) throw new Error("the boot files are not loaded");
    this.busy = true;
    this.events.errors.hide();
    this.events.changed();
    await this.events.leaving();
    const old = this.machine;
    this.machine = undefined;
    try {
      if (old) await old.destroy();
      this.snapshot = undefined;
      this.floppyName = name;
      this.events.status.busy(`Starting the emulator with ${name}…`, EMULATOR_AT);
      const machine = await startMachine(
        files,
        floppy,
        this.events.screen,
        () => {
          if (this.firstFrameDue) performance.mark("piskasm:screen-drawn");
          this.firstFrameDue = false;
          this.events.redrawn();
        },
        !!menuState,
      );
      performance.mark("piskasm:machine-started");
      if (menuState) {
        this.events.status.busy(`Restoring the machine saved at the menu…`, RESTORE_AT);
        await machine.restore({ state: await menuState }).catch(async (error: unknown) => {
          await machine.destroy();
          throw error;
        });
        performance.mark("piskasm:state-restored");
      }
      this.firstFrameDue = true;
      await machine.resume();
      this.machine = machine;
      this.bootStartedAt = performance.now();
      this.events.running(machine, true);
    } finally {
      this.busy = false;
      this.events.changed();
    }
  }
}
