/**
 * What the toolbar does to the machine itself: pause and resume, the speed limit, fullscreen, a
 * screenshot, saving the machine to a file and loading it back; and the running game kept across a
 * reload (web/resume/autosave.ts). The App hands in the machine and is told when the machine's state
 * changed under it.
 */
import type { Machine } from "../emu/types.js";
import type { Speed } from "./controls/toolbar.js";
import { byId } from "./dom.js";
import { download, stampedName } from "./downloads.js";
import { isEmbedPage } from "./embed/embed-page.js";
import { messageOf } from "../util/error-message.js";
import type { MoveRecord } from "./follower.js";
import { AutoSave, type AutoSaveHost } from "./resume/autosave.js";
import { screenToPng } from "./screenshot.js";
import type { StatusLine } from "./status.js";

/** The original IBM PC's 8086 at 4.77 MHz ran about 0.33 million instructions per second. */
export const IBM_PC_MIPS = 0.33;
/** A saved machine of this page is about 3 MB; anything far bigger is not one. */
const MAX_STATE_BYTES = 64 * 1024 * 1024;

export interface MachineActionsHost extends AutoSaveHost {
  status: StatusLine;
  reportError(error: unknown): void;
  /** The machine was paused or resumed. */
  pausedChanged(paused: boolean): void;
  /** The machine now runs a loaded state: forget what was followed (`known`: the moves that led to it). */
  restored(machine: Machine, known?: readonly MoveRecord[]): void;
}

export class MachineActions {
  private limit: number | undefined;
  /** The running game kept for the next visit; embed.html starts what its address asks for, and has none. */
  readonly autoSave: AutoSave | undefined;

  constructor(private readonly host: MachineActionsHost) {
    this.autoSave = isEmbedPage() ? undefined : new AutoSave(host);
  }

  togglePause(): void {
    const machine = this.host.machine();
    if (!machine) return;
    // Not through the input queue: a pause must also stop a machine whose input step is waiting.
    const step = machine.isPaused() ? machine.resume() : machine.pause();
    step.then(
      () => this.host.pausedChanged(machine.isPaused()),
      (error: unknown) => this.host.reportError(error),
    );
  }

  /** The chosen speed, now and for every later machine. */
  speed(speed: Speed): void {
    this.limit = speed === "4.77" ? IBM_PC_MIPS : undefined;
    this.host.machine()?.setSpeedLimit(this.limit);
  }

  /** A new machine runs at the chosen speed. */
  adopt(machine: Machine): void {
    if (this.limit !== undefined) machine.setSpeedLimit(this.limit);
  }

  fullscreen(): void {
    const frame = byId("screen-frame", HTMLDivElement);
    const done = document.fullscreenElement ? document.exitFullscreen() : frame.requestFullscreen();
    done.catch((error: unknown) => this.host.status.error(`Fullscreen refused: ${messageOf(error)}`));
  }

  screenshot(): void {
    const screen = this.host.machine()?.screen();
    if (!screen) return;
    screenToPng(screen).then(
      (png) => download(png, stampedName("png")),
      (error: unknown) => this.host.reportError(error),
    );
  }

  saveState(): void {
    this.host.withMachine(async (machine) => {
      const { state } = await machine.snapshot();
      download(new Blob([state], { type: "application/octet-stream" }), stampedName("v86state"));
      this.host.status.ready(
        `Machine saved (${(state.byteLength / 1048576).toFixed(1)} MB) · Load state… brings it back`,
      );
    });
  }

  loadState(file: File): void {
    if (file.size === 0 || file.size > MAX_STATE_BYTES) {
      this.host.errors.show(
        "Not a saved machine",
        `${file.name} has ${file.size} bytes; a machine saved by this page has about 3 MB.`,
        "Choose a .v86state file made with Save state.",
      );
      return;
    }
    this.host.withMachine(async (machine) => {
      try {
        await machine.restore({ state: await file.arrayBuffer() });
      } catch (error) {
        this.host.errors.show(
          `Could not load ${file.name}`,
          error,
          "Is it a file made with Save state on this page? Reset starts the game again.",
        );
        return;
      }
      this.host.restored(machine);
      this.host.status.ready(`Loaded ${file.name}`);
    });
  }
}
