/** Confirmations before losing a game: modal dialogs whose Esc or first button cancels. */
import { byId } from "../dom.js";

function ask(dialog: HTMLDialogElement): Promise<boolean> {
  if (dialog.open) return Promise.resolve(false);
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true });
  });
}

/** Before giving up the game in progress (the game's own Esc). */
export function confirmGiveUp(): Promise<boolean> {
  return ask(byId("dlg-give-up", HTMLDialogElement));
}

/** Before New game or Reset leaves a game in progress; `action` names what happens ("Start a new game"). */
export function confirmLeaveGame(action: string): Promise<boolean> {
  byId("confirm-action", HTMLButtonElement).textContent = action;
  return ask(byId("dlg-confirm", HTMLDialogElement));
}
