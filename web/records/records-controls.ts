/** The row of record and link controls: copy link, export PSQ / SGF / an animated GIF, import a record. */
import { actionButton, el, onFile } from "../dom.js";

export interface RecordHandlers {
  copyLink(): void;
  exportRecord(format: "psq" | "sgf"): void;
  exportGif(): void;
  importRecord(file: File): void;
}

export interface RecordControls {
  readonly root: HTMLElement;
  /** Whether there is a game to export or link to. */
  enable(hasGame: boolean): void;
  /** Shows the link (selected, for copying by hand when the clipboard is not available). */
  showLink(url: string): void;
}

export function createRecordControls(handlers: RecordHandlers): RecordControls {
  const root = el("div", "timeline-records");
  const button = (text: string, title: string, action: () => void): HTMLButtonElement =>
    root.appendChild(actionButton(text, title, action));
  const copy = button("Copy link", "A link that replays this game up to this ply in the emulator", () =>
    handlers.copyLink(),
  );
  const psq = button("Export PSQ", "Piskvork's game record of the game up to this ply", () =>
    handlers.exportRecord("psq"),
  );
  const sgf = button("Export SGF", "SGF (FF[4], GM[4]) of the game up to this ply, for Sabaki", () =>
    handlers.exportRecord("sgf"),
  );
  const gif = button("Export GIF", "An animated GIF of the PC screen, one frame a ply, up to this ply", () =>
    handlers.exportGif(),
  );
  copy.id = "rec-copy";
  psq.id = "rec-psq";
  sgf.id = "rec-sgf";
  gif.id = "rec-gif";
  const label = el("label", "button", "Import record…", { title: "Open a PSQ or SGF game record" });
  // Transparent over its label (web/style.css), like the toolbar's file inputs, so Tab reaches it.
  const file = el("input", undefined, undefined, {
    id: "rec-import",
    type: "file",
    accept: ".psq,.sgf,text/plain",
  });
  onFile(file, (chosen) => handlers.importRecord(chosen));
  label.append(file);
  const link = el("input", "timeline-link", undefined, {
    id: "rec-link",
    readOnly: true,
    hidden: true,
    ariaLabel: "Link to this game",
  });
  root.append(label, link);
  return {
    root,
    enable(hasGame) {
      for (const b of [copy, psq, sgf, gif]) b.disabled = !hasGame;
    },
    showLink(url) {
      link.value = url;
      link.hidden = false;
      link.select();
    },
  };
}
