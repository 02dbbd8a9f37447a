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

const STARTUP =
  "start-up: runs once, before the menu, and the tracer attaches at the menu (the program is loaded by DOS " +
  "and runs before the harness can arm a breakpoint in it)";
const COMMAND_LINE =
  "only the command line reaches it (/S:n), which is read at start-up, before the tracer attaches";
export const COVERAGE_REASONS: readonly CoverageReason[] = [
  ...[
    "start",
    "clear_bss",
    "build_bodovani",
    "intro",
    "hide_hardware_cursor",
    "parse_command_line",
    "detect_mouse",
    "no_mouse_exit",
    "has_ps2_mouse",
    "bad_seed_exit",
    "exit_below_message",
    "show_bad_seed",
  ].map((routine) => ({ routine, why: STARTUP })),
  ...[
    [0x128, "cld"],
    [0x12c, "call build_bodovani"],
    [0x12f, "mov ax, VIDEO_SEG"],
    [0x137, "call parse_command_line"],
    [0x13a, "jc bad_seed_exit                ; /S:n with a bad n: says so, errorlevel 2"],
    [0x13c, "jc bad_seed_exit                ; /S:n with a bad n: says so, errorlevel 2"],
    [0x13f, "call detect_mouse"],
    [0x142, "jc no_mouse_exit                ; says why, exits with errorlevel 1"],
    [0x144, "jc no_mouse_exit                ; says why, exits with errorlevel 1"],
    [0x147, "call hide_hardware_cursor"],
  ].map(([offset, text]) => ({
    routine: "main",
    offset: offset as number,
    text: text as string,
    why: STARTUP,
  })),
  {
    routine: "main",
    offset: 0x14f,
    text: "je .quit",
    why: "menu key 3 ends the program; the harness needs it running (and the program started again by DOS would run its start-up before the tracer could attach)",
  },
  {
    routine: "main",
    offset: 0x1a3,
    text: "mov byte [Phase], PHASE_EXITING",
    why: "menu key 3 (see je .quit)",
  },
  {
    routine: "parse_seed",
    offset: 0x7af,
    text: "je .ended",
    why: `a space ends the seed: ${COMMAND_LINE} (the seed entry refuses spaces)`,
  },
  {
    routine: "parse_seed",
    offset: 0x7ce,
    text: "jz .bad",
    why: `no digit before the end: ${COMMAND_LINE} (the seed entry takes an empty line as counted seeds before parsing)`,
  },
  {
    routine: "new_game",
    offset: 0x891,
    text: "je .seed_chosen",
    why: "taken when seeds are counted: every game of a --seed run has a forced seed (runs without --seed take it)",
  },
  ...[
    [0x844, "jz .done"],
    [0x846, "call read_key"],
    [0x849, "jmp flush_keys"],
  ].map(([offset, text]) => ({
    routine: "flush_keys",
    offset: offset as number,
    text: text as string,
    why:
      "a key pressed while the program computes, dropped when the menu or a result comes up; the harness types " +
      "only while the program waits for input (it checks the state before every input), and a key typed ahead " +
      "can land on the result screen's own wait and skip the result the harness must check",
  })),
];

/** The reason recorded for a block or jump, if any. */
export function reasonFor(routine: string, offset: number, text: string): string | undefined {
  return COVERAGE_REASONS.find(
    (r) => r.routine === routine && (r.offset === undefined || (r.offset === offset && r.text === text)),
  )?.why;
}
