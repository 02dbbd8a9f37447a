/**
 * Where the program and its model differ, shown under the panel: the model's expected 80x25 screen
 * beside the emulated one with every differing cell marked, the input after which they differed and
 * the first differing variable, from the one checker's Mismatch. Hidden while they agree.
 */
import type { Mismatch } from "../../checks/diff-types.js";
import { el } from "../dom.js";
import { describeDiff } from "./agreement.js";
import type { CheckStatus } from "./page-check.js";

const COLS = 80;

/** One screen as rows of text, the cells in `marked` (row * 80 + col) in <mark>. */
function screenGrid(
  title: string,
  lines: readonly string[],
  marked: ReadonlySet<number>,
  id: string,
): HTMLElement {
  const figure = el("figure", "check-screen");
  figure.append(el("figcaption", undefined, title));
  const pre = el("pre", undefined, undefined, { id });
  lines.forEach((line, row) => {
    let plain = "";
    for (let col = 0; col < COLS; col++) {
      const char = line[col] ?? " ";
      if (!marked.has(row * COLS + col)) {
        plain += char;
        continue;
      }
      if (plain) pre.append(plain);
      plain = "";
      const cell = el("mark", undefined, char);
      cell.dataset.col = String(col);
      cell.dataset.row = String(row);
      pre.append(cell);
    }
    pre.append(`${plain}\n`);
  });
  figure.append(pre);
  return figure;
}

export class MismatchView {
  readonly root = el("section", "card check-mismatch", undefined, { id: "check-mismatch", hidden: true });
  private shown: Mismatch | undefined;

  show(status: CheckStatus): void {
    const mismatch = status.kind === "differ" ? status.mismatch : undefined;
    if (mismatch === this.shown) return;
    this.shown = mismatch;
    this.root.replaceChildren();
    this.root.hidden = mismatch === undefined;
    if (mismatch) this.render(mismatch);
  }

  private render(mismatch: Mismatch): void {
    const first = mismatch.diffs.at(0);
    const variables = [...new Set(mismatch.diffs.map((d) => d.field))];
    this.root.append(
      el("h2", undefined, "PISKASM.COM differs from its model"),
      el(
        "p",
        undefined,
        `After ${mismatch.afterInput ?? "an input"}, with ${mismatch.ply} stones on the board.`,
      ),
    );
    if (first) {
      const line = el("p", "check-first", `First difference: ${describeDiff(first)}`);
      line.dataset.field = first.field;
      this.root.append(line);
    }
    this.root.append(el("p", "muted", `Differing: ${variables.join(", ")}`));
    const marked = new Set(mismatch.screenCells ?? []);
    const screens = el("div", "check-screens");
    screens.append(
      screenGrid(
        "Expected (the model)",
        mismatch.expectedScreen ?? mismatch.screen,
        marked,
        "check-expected",
      ),
      screenGrid("Emulated (PISKASM.COM)", mismatch.screen, marked, "check-emulated"),
    );
    this.root.append(screens);
  }
}
