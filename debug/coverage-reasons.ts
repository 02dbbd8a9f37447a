/**
 * Why the blocks and jump directions `piskasm diff --coverage` leaves are not reached by the default
 * campaign, for docs/coverage.md. A reason names a whole routine, or one block or jump by its offset
 * and source text (both must match: after the program changes, a stale reason no longer applies and
 * the block shows up without one until it is looked at again).
 */
export interface CoverageReason {
  routine: string;
  /** Program offset (org included) of the block or jump; undefined: every block and jump of the routine. */
  offset?: number;
  /** The source text of that line (checked with the offset). */
  text?: string;
  why: string;
}

const NO_MOUSE =
  "reached only when no INT 33h driver answers (a floppy without MOUSE.COM, or a PC without a PS/2 " +
  "mouse, where MOUSE.COM refuses to install): the campaign's floppy always loads the driver; the emu " +
  "tier boots floppies without it and checks these messages and the errorlevel (tests/emu/game.test.ts), " +
  "and mutation testing checks every such start against the model (harness/start-check.ts)";
/** The reasons of one routine's blocks and jumps, each given by its offset and source text. */
function atLines(
  routine: string,
  why: string,
  lines: readonly (readonly [number, string])[],
): CoverageReason[] {
  return lines.map(([offset, text]) => ({ routine, offset, text, why }));
}

export const COVERAGE_REASONS: readonly CoverageReason[] = [
  ...["no_mouse_exit", "has_ps2_mouse"].map((routine) => ({ routine, why: NO_MOUSE })),
  ...atLines("main", NO_MOUSE, [
    [0x142, "jc no_mouse_exit                ; says why, exits with errorlevel 1"],
    [0x144, "jc no_mouse_exit                ; says why, exits with errorlevel 1"],
  ]),
  ...atLines("detect_mouse", NO_MOUSE, [
    [0x7f6, "jz .no_driver"],
    [0x800, "jne .no_driver"],
    [0x804, "stc"],
  ]),
];

/** The reason recorded for a block or jump, if any. */
export function reasonFor(routine: string, offset: number, text: string): string | undefined {
  return COVERAGE_REASONS.find(
    (r) => r.routine === routine && (r.offset === undefined || (r.offset === offset && r.text === text)),
  )?.why;
}
