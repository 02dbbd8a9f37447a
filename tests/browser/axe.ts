/** axe-core's serious and critical findings on a page of the browser tier. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** "id: help (n nodes: target, ...)" for each serious or critical violation. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // v86's text rows inside #screen are the guest's output (CGA colours), not the page's markup.
  const results = await new AxeBuilder({ page }).exclude("#screen > *").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(" "))
          .join(", ")})`,
    );
}
