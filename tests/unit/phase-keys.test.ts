import { describe, expect, it } from "vitest";
import { Phase } from "../../engine-ts/phase.js";
import { phaseKeys, seedTextAfter, type BarKeys } from "../../web/controls/phase-keys.js";
import { keyScancodes } from "../../web/keymap.js";

/** The keys of `phase` as the bar labels them: "words (key)", a digit alone. */
function labels(phase: number | undefined): string[] {
  const keys = phaseKeys(phase);
  if (!keys) throw new Error(`phase ${String(phase)} has no keys`);
  return [...keys.digits, ...keys.keys].map((k) => (k.words === "" ? k.key : `${k.words} (${k.key})`));
}

describe("the key bar's keys by phase", () => {
  it("offers the menu's five keys as its status line names them", () => {
    expect(labels(Phase.MENU)).toEqual([
      "You start (1)",
      "Computer starts (2)",
      "Set up (4)",
      "Seed (S)",
      "Quit (3)",
    ]);
  });

  it("offers Esc in a game and any key after it", () => {
    expect(labels(Phase.HUMAN_TURN)).toEqual(["Menu (Esc)"]);
    for (const phase of [Phase.COMPUTER_WON, Phase.HUMAN_WON, Phase.DRAW])
      expect(labels(phase)).toEqual(["Continue (any key)"]);
  });

  it("offers Enter, Tab and Esc in the set-up mode, with the choice of the stone to place", () => {
    expect(labels(Phase.SETUP)).toEqual(["Computer moves (Enter)", "You move (Tab)", "Menu (Esc)"]);
    expect(phaseKeys(Phase.SETUP)?.placeChoice).toBe(true);
    expect(phaseKeys(Phase.MENU)?.placeChoice).toBe(false);
  });

  it("offers a digit pad with Backspace, Enter and Esc at the seed prompt", () => {
    expect(labels(Phase.SEED_ENTRY)).toEqual([
      ..."1234567890",
      "Delete (Backspace)",
      "Use it (Enter)",
      "Back (Esc)",
    ]);
  });

  it("offers nothing where the game reads no key, and keeps its keys while the game is busy", () => {
    for (const phase of [undefined, Phase.STARTING, Phase.EXITING])
      expect(phaseKeys(phase)).toEqual<BarKeys>({ keys: [], digits: [], placeChoice: false });
    expect(phaseKeys(Phase.COMPUTER_TURN)).toBeUndefined();
  });

  it("names only keys the emulated keyboard has", () => {
    const phases = Object.values(Phase);
    const codes = phases.flatMap((p) => {
      const keys = phaseKeys(p);
      return keys ? [...keys.keys, ...keys.digits].map((k) => k.code) : [];
    });
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((code) => keyScancodes(code, true) === undefined)).toEqual([]);
  });

  it("follows the seed prompt's text as the game keeps it: digits up to six, Backspace rubs out", () => {
    const typed = (codes: string[]): string => codes.reduce(seedTextAfter, "");
    expect(typed(["Digit4", "Digit2", "Digit7", "Backspace", "Digit1"])).toBe("421");
    expect(typed(["Backspace", "Digit0"])).toBe("0");
    expect(typed([..."1234567"].map((d) => `Digit${d}`))).toBe("123456");
    expect(typed(["Digit5", "Enter", "Escape"])).toBe("5");
  });
});
