/** The bar chart of a move's instruction profile: one bar per category, the total underneath. */
import { CATEGORIES, type MoveProfile } from "../../debug/profiler.js";
import { el } from "../dom.js";

export class ProfileChart {
  readonly root = el("div", "dbg-profile");

  render(profile: MoveProfile | undefined, move: string): void {
    if (!profile) {
      this.root.replaceChildren(el("p", "muted", "No move profiled yet."));
      return;
    }
    const max = Math.max(1, ...CATEGORIES.map((c) => profile.counts[c]));
    const rows = CATEGORIES.map((category) => {
      const row = el("div", "dbg-bar-row");
      const bar = el("span", "dbg-bar");
      bar.style.width = `${((100 * profile.counts[category]) / max).toFixed(1)}%`;
      const track = el("span", "dbg-bar-track");
      track.append(bar);
      row.dataset.category = category;
      row.append(
        el("span", "dbg-bar-label", category),
        track,
        el("span", "dbg-bar-value", profile.counts[category].toLocaleString("en")),
      );
      return row;
    });
    const foot = el(
      "p",
      "muted",
      `${move}: ${profile.total.toLocaleString("en")} instructions in all (${profile.traps} debugger traps, their own instructions not counted)`,
    );
    this.root.replaceChildren(...rows, foot);
  }
}
