/** The help overlay: how to play and every keyboard shortcut (from the shortcut and timeline key tables). */
import { byId, el } from "../dom.js";
import { TIMELINE_KEYS } from "../timeline/timeline-keys.js";
import { SHORTCUTS } from "./shortcuts.js";

export interface HelpOverlay {
  open(): void;
}

export function createHelpOverlay(): HelpOverlay {
  const dialog = byId("dlg-help", HTMLDialogElement);
  const table = byId("help-keys", HTMLTableElement);
  const row = (label: string, what: string): HTMLTableRowElement => {
    const tr = el("tr");
    const key = el("td");
    key.append(el("kbd", "", label));
    tr.append(key, el("td", "", what));
    return tr;
  };
  table.replaceChildren(
    ...SHORTCUTS.map((s) => row(s.key.toUpperCase(), s.what)),
    ...TIMELINE_KEYS.map((k) => row(k.label, k.what)),
  );
  byId("btn-help", HTMLButtonElement).addEventListener("click", () => dialog.showModal());
  return { open: () => dialog.showModal() };
}
