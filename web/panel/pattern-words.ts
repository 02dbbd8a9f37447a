/** engine-ts's window classes and axes in a player's words, and a window drawn with the stones. */
import type { Unit, UnitClass } from "../../engine-ts/index.js";

export const CLASS_WORDS: Readonly<Record<UnitClass, string>> = {
  NONE: "nothing",
  ONE: "one stone",
  TWO: "closed two",
  THREE: "closed three",
  FOUR: "four",
  FIVE: "five: wins",
  OPEN_TWO: "open two",
  OPEN_THREE: "open three",
  OPEN_FOUR: "open four",
  WIDE_TWO: "split two",
  WIDE_THREE: "split three",
  LINE_DOUBLE_FOUR: "two fours in one line",
};

export const AXIS_WORDS: Readonly<Record<string, string>> = {
  horizontal: "Across —",
  vertical: "Down |",
  diagonal: "Diagonal ╲",
  "anti-diagonal": "Diagonal ╱",
};

/** The stone letter of a unit: the computer's X for attack, your O for defence. */
export function stoneOf(unit: Unit): "X" | "O" {
  return unit.role === "attack" ? "X" : "O";
}

/** The window as a player sees it: `. X X + .` with `+` for the scored cell. */
export function drawWindow(unit: Unit): string {
  const stone = stoneOf(unit);
  return [...unit.pattern].map((ch, t) => (t === unit.k ? "+" : ch === "X" ? stone : ".")).join(" ");
}
