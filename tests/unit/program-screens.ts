/**
 * Screens and data recorded from the real PISKASM.COM (tests/diff/program-screens.test.ts records and
 * re-checks them; tests/unit/program-model.test.ts plays the same inputs on the model alone).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** One input: text typed key by key, or a press and release of a button at a screen cell. */
export type RecordedInput =
  { text: string } | { click: { col: number; row: number; button: "left" | "right" } };

export interface RecordedStep {
  input: RecordedInput;
  /** The 80x25 words (character | attribute << 8), base64 of their little-endian bytes. */
  screen: string;
  /** The BSS (program-ts/layout.ts), base64. */
  data: string;
  /** MOUSE.COM's show count after the step (0 shown, -1 hidden) and the pointer's text cell. */
  showCount: number;
  pointer: { col: number; row: number };
}

export const SCREENS_FILE = join(import.meta.dirname, "fixtures", "program-screens.json");

/** The inputs recorded: a forced seed, a seed refused, a game by clicks, the set-up to a result, quitting. */
export const RECORDED_INPUTS: readonly RecordedInput[] = [
  { text: "S12x" },
  { text: "\r" },
  { text: "S4242\r" },
  { text: "2" },
  { click: { col: 31, row: 11, button: "left" } },
  { click: { col: 70, row: 5, button: "left" } },
  { text: "\x1b" },
  { text: "4" },
  ...[4, 7, 10, 13].map((col) => ({ click: { col, row: 2, button: "right" as const } })),
  { click: { col: 16, row: 2, button: "right" } },
  { text: " " },
  { text: "3" },
];

export function readRecordedSteps(): RecordedStep[] {
  return JSON.parse(readFileSync(SCREENS_FILE, "utf8")) as RecordedStep[];
}

export function writeRecordedSteps(steps: readonly RecordedStep[]): void {
  writeFileSync(SCREENS_FILE, `${JSON.stringify(steps, null, 1)}\n`);
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"));
