/** The confirmation before giving up a game (a modal dialog; Esc or "Keep playing" cancels). */
import { byId } from "../dom.js";

export function confirmGiveUp(): Promise<boolean> {
  const dialog = byId("dlg-give-up", HTMLDialogElement);
  if (dialog.open) return Promise.resolve(false);
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true });
  });
}
