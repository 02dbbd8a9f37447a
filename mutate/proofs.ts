/**
 * The survivors of a campaign checked by machine (mutate/equivalence.ts, mutate/asm-equivalence.ts):
 * at the end of `piskasm mutate`, and again by `mutate rescore` (the models may be newer).
 */
import type { MutantResult } from "./report.js";
import type { CampaignPhase, CampaignReporter } from "./reporter.js";

/**
 * Sets the proof of every survivor that `by` proves equivalent (the name of its model), or that
 * `before` holds for its hash (proved before, of the same program); the phase counts the survivors.
 */
export async function proveSurvivors(
  results: MutantResult[],
  by: (id: string) => Promise<string | undefined>,
  before: ReadonlyMap<string, string>,
  reporter: CampaignReporter,
  phase: CampaignPhase,
): Promise<void> {
  for (const m of results) delete m.proof;
  const survivors = results.filter((m) => m.status === "survived");
  let proven = 0;
  let reused = 0;
  const figures = (): string => `${proven} proven equivalent (${reused} proofs of the last campaign kept)`;
  const bar = await reporter.phase(phase, "survivors", survivors.length, figures());
  try {
    for (const [done, m] of survivors.entries()) {
      const kept = m.hash === undefined ? undefined : before.get(m.hash);
      const proof = kept ?? (await by(m.id));
      if (proof !== undefined) {
        m.proof = proof;
        proven++;
        if (kept !== undefined) reused++;
      }
      bar.update(done + 1, { figures: figures() });
    }
  } finally {
    bar.stop();
  }
}
