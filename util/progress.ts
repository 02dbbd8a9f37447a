/**
 * The progress of a long run (diff, arena, each phase of mutate) on a stream (stderr), drawn by
 * cli-progress: a redrawn bar on a terminal; on a log (not a terminal, or CI=true) a plain line every
 * few seconds. The same figures either way: `label: [bar] done/total units, the command's own figures
 * | time left`.
 */
import type { SingleBar } from "cli-progress";

export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** The command's own figures, shown after the count of games (`{name}` in `figures`). */
export type ProgressFields = Record<string, string | number>;

export interface Progress<F extends ProgressFields> {
  /** `done` games now, with the figures as they stand. */
  update(this: void, done: number, fields: F): void;
  /** Prints a line (a mismatch's summary) without garbling the bar. */
  note(this: void, text: string): void;
  /** The last figures drawn; the cursor shown again. */
  stop(this: void): void;
}

const PLAIN_LINE_MS = 5000;

/**
 * A progress reporter for `total` units (games unless `unit` says otherwise) of which `done` are
 * finished already. `figures` is a cli-progress format fragment naming `fields` ("{moves} moves
 * checked").
 */
export async function startProgress<F extends ProgressFields>(options: {
  label: string;
  figures: string;
  unit?: string;
  total: number;
  done: number;
  fields: F;
  stream?: ProgressStream;
}): Promise<Progress<F>> {
  // Loaded here, not at the top: every command (the brain's cold start too) would pay for it.
  const { SingleBar } = await import("cli-progress");
  const stream = options.stream ?? process.stderr;
  const terminal = stream.isTTY === true && process.env.CI !== "true";
  const bar: SingleBar = new SingleBar({
    format: `${options.label}: [{bar}] {value}/{total} ${options.unit ?? "games"}, ${options.figures} | {eta_formatted} left`,
    // cli-progress uses only write, isTTY and columns of its stream (hence the cast of this wrapper):
    // isTTY is ours to say, so that CI=true makes a terminal a log.
    stream: {
      write: (text: string) => stream.write(text),
      isTTY: terminal,
      columns: stream.columns,
    } as unknown as NodeJS.WritableStream,
    noTTYOutput: true,
    notTTYSchedule: PLAIN_LINE_MS,
    hideCursor: true,
    barsize: 24,
    // On a log the last line ends itself; a terminal's bar gets its newline from stop().
    clearOnComplete: !terminal,
  });
  bar.start(options.total, options.done, options.fields);
  return {
    update: (done, fields) => bar.update(done, fields),
    note: (text) => {
      if (terminal) stream.write("\r\x1b[K");
      stream.write(text.endsWith("\n") ? text : `${text}\n`);
      if (terminal) bar.render();
    },
    stop: () => bar.stop(),
  };
}
