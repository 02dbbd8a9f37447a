/**
 * What a campaign (and `mutate rescore`) reports as it goes: lines for standard error, and each of
 * its phases counted on util/progress.ts (a bar on a terminal, a plain line every few seconds on a
 * log or with CI=true, the final figures at the end).
 */
import { startProgress, type Progress, type ProgressStream } from "../util/progress.js";

/** The counted phases: mutants assembled and played, survivors proven (again, when rescoring). */
export type CampaignPhase = "assembling" | "playing" | "proofs" | "rescoring";

export interface CampaignReporter {
  /** A line for the user: what was made, reused, or why it stopped. */
  log(this: void, line: string): void;
  /** A phase of `total` units (`unit`: mutants, survivors) with its first `figures` ("0 killed, ..."). */
  phase(
    this: void,
    name: CampaignPhase,
    unit: string,
    total: number,
    figures: string,
  ): Promise<Progress<{ figures: string }>>;
}

/** The reporter on `stream` (stderr): each phase `mutate <phase>: [bar] done/total unit, figures`. */
export function progressReporter(stream: ProgressStream = process.stderr): CampaignReporter {
  let current: Progress<{ figures: string }> | undefined;
  return {
    log: (line) => (current ? current.note(line) : void stream.write(`${line}\n`)),
    phase: async (name, unit, total, figures) => {
      const bar = await startProgress({
        label: `mutate ${name}`,
        figures: "{figures}",
        unit,
        total,
        done: 0,
        fields: { figures },
        stream,
      });
      current = bar;
      return {
        ...bar,
        stop: () => {
          bar.stop();
          if (current === bar) current = undefined;
        },
      };
    },
  };
}
