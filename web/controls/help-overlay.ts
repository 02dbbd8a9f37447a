/** The help overlay: how to play and every keyboard shortcut (from the shortcut table). */
import { byId, el } from "../dom.js";
import { SHORTCUTS } from "./shortcuts.js";

export interface HelpOverlay {
  open(): void;
}

export function createHelpOverlay(): HelpOverlay {
  const dialog = byId("dlg-help", HTMLDialogElement);
  const table = byId("help-keys", HTMLTableElement);
  table.replaceChildren(
    ...SHORTCUTS.map((s) => {
      const row = el("tr");
      const key = el("td");
      key.append(el("kbd", "", s.key.toUpperCase()));
      row.append(key, el("td", "", s.what));
      return row;
    }),
  );
  byId("btn-help", HTMLButtonElement).addEventListener("click", () => dialog.showModal());
  return { open: () => dialog.showModal() };
}
