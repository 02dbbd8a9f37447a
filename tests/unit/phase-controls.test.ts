import { describe, expect, it } from "vitest";
import { Phase } from "../../engine-ts/phase.js";
import {
  gameInProgress,
  phaseHint,
  toolbarControls,
  type MachineCondition,
} from "../../web/controls/phase-controls.js";

const running: MachineCondition = {
  phase: Phase.HUMAN_TURN,
  busy: false,
  hasMachine: true,
  hasGame: true,
  hasFiles: true,
  paused: false,
};

describe("the page's controls by phase", () => {
  it("enables New game and Give up during the human's turn", () => {
    expect(toolbarControls(running)).toEqual({
      newGame: true,
      giveUp: true,
      machine: true,
      reset: true,
      load: true,
      paused: false,
    });
  });

  it("disables New game while the computer thinks, and Give up outside the human's turn", () => {
    const thinking = toolbarControls({ ...running, phase: Phase.COMPUTER_TURN });
    expect(thinking.newGame).toBe(false);
    expect(thinking.giveUp).toBe(false);
    expect(toolbarControls({ ...running, phase: Phase.MENU })).toMatchObject({
      newGame: true,
      giveUp: false,
    });
  });

  it("enables nothing while a machine boots, and Load only once the boot files are there", () => {
    expect(toolbarControls({ ...running, busy: true })).toEqual({
      newGame: false,
      giveUp: false,
      machine: false,
      reset: false,
      load: false,
      paused: false,
    });
    expect(toolbarControls({ ...running, hasFiles: false }).load).toBe(false);
  });

  it("offers no new game before the game is found in memory", () => {
    expect(toolbarControls({ ...running, phase: undefined, hasGame: false })).toMatchObject({
      newGame: false,
      giveUp: false,
      machine: true,
    });
  });

  it("names keys with a keyboard and taps and buttons on a touch screen", () => {
    expect(phaseHint(Phase.MENU, { floppy: "piskasm.img", touch: false })).toMatch(/press 1/);
    expect(phaseHint(Phase.MENU, { floppy: "piskasm.img", touch: true })).not.toMatch(/press|\(N\)/);
    expect(phaseHint(Phase.HUMAN_WON, { floppy: "piskasm.img", touch: true })).toMatch(/tap New game/);
    expect(phaseHint(undefined, { floppy: "freedos.img", touch: false })).toBe("Running freedos.img");
  });

  it("counts a game as in progress only with stones on the board and no result", () => {
    expect(gameInProgress(Phase.HUMAN_TURN, 0)).toBe(false);
    expect(gameInProgress(Phase.HUMAN_TURN, 2)).toBe(true);
    expect(gameInProgress(Phase.COMPUTER_WON, 9)).toBe(false);
    expect(gameInProgress(undefined, undefined)).toBe(false);
  });
});
