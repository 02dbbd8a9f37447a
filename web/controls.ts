/** The top bar's buttons: new game (either starter), reset machine, load floppy, pointer lock. */
import { byId } from "./dom.js";
import type { Starter } from "./game-keys.js";

export interface ControlHandlers {
  newGame(starter: Starter): void;
  reset(): void;
  loadFloppy(file: File): void;
}

export interface Controls {
  /** Which actions are possible now. */
  enable(state: { newGame: boolean; reset: boolean; load: boolean }): void;
  wantsLock(): boolean;
}

export function attachControls(handlers: ControlHandlers): Controls {
  const human = byId("btn-new-human", HTMLButtonElement);
  const computer = byId("btn-new-computer", HTMLButtonElement);
  const reset = byId("btn-reset", HTMLButtonElement);
  const file = byId("file-floppy", HTMLInputElement);
  const fileLabel = byId("lbl-floppy", HTMLLabelElement);
  const lock = byId("chk-lock", HTMLInputElement);
  human.addEventListener("click", () => handlers.newGame("human"));
  computer.addEventListener("click", () => handlers.newGame("computer"));
  reset.addEventListener("click", () => handlers.reset());
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (chosen) handlers.loadFloppy(chosen);
  });
  return {
    enable(state) {
      human.disabled = !state.newGame;
      computer.disabled = !state.newGame;
      reset.disabled = !state.reset;
      file.disabled = !state.load;
      fileLabel.classList.toggle("disabled", !state.load);
    },
    wantsLock: () => lock.checked,
  };
}
