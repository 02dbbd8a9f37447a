/** The toolbar: game buttons (new game, seed, give up) and machine buttons (pause, speed, reset, files...). */
import { byId, onFile } from "../dom.js";
import type { WhoStarts } from "../../engine-ts/index.js";
import { parseSeed } from "../share/share-url.js";

export type Speed = "full" | "4.77";

export interface ToolbarHandlers {
  /** `seed` from the seed field, undefined when it is empty. */
  newGame(starter: WhoStarts, seed: number | undefined): void;
  giveUp(): void;
  togglePause(): void;
  speed(speed: Speed): void;
  reset(): void;
  fullscreen(): void;
  screenshot(): void;
  saveState(): void;
  loadState(file: File): void;
  loadFloppy(file: File): void;
  /** The seed field holds something that is not 0..65535. */
  badSeed(text: string): void;
}

export interface ToolbarState {
  newGame: boolean;
  giveUp: boolean;
  machine: boolean;
  reset: boolean;
  load: boolean;
  paused: boolean;
}

export interface Toolbar {
  enable(state: ToolbarState): void;
  wantsLock(): boolean;
  speed(): Speed;
  setSpeed(speed: Speed): void;
  /** Instructions per second now, undefined while unknown, "paused" while paused. */
  showRate(mips: number | "paused" | undefined): void;
  focusSeed(): void;
  openStateFile(): void;
}

/** On a phone the machine's controls wait behind one button (CSS shows the button only there). */
function attachMachineMenu(): void {
  const machineButton = byId("btn-machine", HTMLButtonElement);
  const machineGroup = byId("machine-group", HTMLDivElement);
  machineButton.addEventListener("click", () => {
    const open = machineButton.getAttribute("aria-expanded") !== "true";
    machineButton.setAttribute("aria-expanded", String(open));
    machineGroup.classList.toggle("open", open);
  });
}

/** The rate as the toolbar shows it: "paused", "— MIPS" while unknown, or the MIPS to 2 or 3 digits. */
function formatRate(mips: number | "paused" | undefined): string {
  return mips === "paused"
    ? "paused"
    : mips === undefined
      ? "— MIPS"
      : `${mips < 10 ? mips.toFixed(2) : mips.toFixed(0)} MIPS`;
}

export function attachToolbar(handlers: ToolbarHandlers): Toolbar {
  const human = byId("btn-new-human", HTMLButtonElement);
  const computer = byId("btn-new-computer", HTMLButtonElement);
  const seed = byId("inp-seed", HTMLInputElement);
  const giveUp = byId("btn-give-up", HTMLButtonElement);
  const pause = byId("btn-pause", HTMLButtonElement);
  const speed = byId("sel-speed", HTMLSelectElement);
  const rate = byId("out-ips", HTMLOutputElement);
  const reset = byId("btn-reset", HTMLButtonElement);
  const fullscreen = byId("btn-fullscreen", HTMLButtonElement);
  const screenshot = byId("btn-screenshot", HTMLButtonElement);
  const save = byId("btn-save", HTMLButtonElement);
  const stateFile = byId("file-state", HTMLInputElement);
  const stateLabel = byId("lbl-load-state", HTMLLabelElement);
  const floppy = byId("file-floppy", HTMLInputElement);
  const floppyLabel = byId("lbl-floppy", HTMLLabelElement);
  const lock = byId("chk-lock", HTMLInputElement);
  attachMachineMenu();

  const startGame = (starter: WhoStarts): void => {
    const text = seed.value.trim();
    if (text === "") return handlers.newGame(starter, undefined);
    const value = parseSeed(text);
    if (value === undefined) return handlers.badSeed(text);
    handlers.newGame(starter, value);
  };
  human.addEventListener("click", () => startGame("human"));
  computer.addEventListener("click", () => startGame("computer"));
  seed.addEventListener("keydown", (event) => {
    if (event.key === "Enter") startGame("human");
  });
  giveUp.addEventListener("click", () => handlers.giveUp());
  pause.addEventListener("click", () => handlers.togglePause());
  speed.addEventListener("change", () => handlers.speed(speed.value === "4.77" ? "4.77" : "full"));
  reset.addEventListener("click", () => handlers.reset());
  fullscreen.addEventListener("click", () => handlers.fullscreen());
  screenshot.addEventListener("click", () => handlers.screenshot());
  save.addEventListener("click", () => handlers.saveState());
  onFile(stateFile, (file) => handlers.loadState(file));
  onFile(floppy, (file) => handlers.loadFloppy(file));

  return {
    enable(state) {
      human.disabled = !state.newGame;
      computer.disabled = !state.newGame;
      giveUp.disabled = !state.giveUp;
      for (const button of [pause, screenshot, save, fullscreen]) button.disabled = !state.machine;
      reset.disabled = !state.reset;
      stateFile.disabled = !state.machine;
      stateLabel.classList.toggle("disabled", !state.machine);
      floppy.disabled = !state.load;
      floppyLabel.classList.toggle("disabled", !state.load);
      pause.textContent = state.paused ? "Resume" : "Pause";
      pause.setAttribute("aria-pressed", String(state.paused));
    },
    wantsLock: () => lock.checked,
    speed: () => (speed.value === "4.77" ? "4.77" : "full"),
    setSpeed(value) {
      speed.value = value;
      handlers.speed(value);
    },
    showRate(mips) {
      rate.value = formatRate(mips);
      rate.dataset.mips = typeof mips === "number" ? String(mips) : "";
    },
    focusSeed: () => seed.focus(),
    openStateFile: () => stateFile.click(),
  };
}
