/**
 * The timeline's keys: one table, used by the timeline card's key handler and listed by the help
 * overlay. They act only while the focus is inside the timeline card, so the score map keeps its
 * arrow keys and the toolbar its letter shortcuts.
 */

export type TimelineMove = "previous" | "next" | "first" | "last";

export interface TimelineKey {
  key: string;
  /** How the help overlay shows the key. */
  label: string;
  move: TimelineMove;
  what: string;
}

export const TIMELINE_KEYS: readonly TimelineKey[] = [
  { key: "ArrowLeft", label: "←", move: "previous", what: "timeline: previous ply (focus in the timeline)" },
  { key: "ArrowRight", label: "→", move: "next", what: "timeline: next ply (focus in the timeline)" },
  { key: "Home", label: "Home", move: "first", what: "timeline: first ply (focus in the timeline)" },
  { key: "End", label: "End", move: "last", what: "timeline: last ply of the line (focus in the timeline)" },
];
