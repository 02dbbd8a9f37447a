/**
 * Performs a sweep opening (harness/sweep.ts) through the emulated keyboard and mouse: the menu's
 * noise (each item ends at the menu with the forced seed as it should be), then the set-up mode,
 * each stone checked against engine-ts's own set-up, each noise action checked to change nothing,
 * and the hand-over (Enter: the computer's answer checked too; Tab; Esc back to the menu), or the
 * result of a stone that ended the game, answered with the opening's key when it has one.
 */
import { COMPUTER, formatCell, Game } from "../engine-ts/index.js";
import { cellToScreen, Phase, type GameState } from "../guest/game-view.js";
import type { Mismatch } from "./model.js";
import { isGameOver, type GameSession } from "../guest/session.js";
import { BIOS_TICKS } from "../guest/waiting.js";
import type { MenuNoise, SetUpAction, SweepOpening } from "./sweep.js";
import { ESC, waitForMenu } from "./storm.js";

const ENTER = [0x1c, 0x9c];
const TAB = [0x0f, 0x8f];
const KEY_S = [0x1f, 0x9f];
/** Menu key 3: the program ends (DOS then asks for the next command line). */
const QUIT_KEY = "3";

/** The full check of a state against engine-ts (the runner's). */
export type StateCheck = (asm: GameState, engine: Game) => Mismatch | undefined;

/** Types the menu's noise; after each item the menu is back and the forced seed is what it should be. */
export async function performMenuNoise(
  session: GameSession,
  noise: readonly MenuNoise[],
  timeoutMs: number,
): Promise<void> {
  const { keyboard } = session.machine;
  for (const item of noise) {
    let expected = session.forcedSeed();
    if (item.kind === "idle") {
      const start = session.machine.memory.readU16(BIOS_TICKS);
      await session.machine.waitFor(
        () => ((session.machine.memory.readU16(BIOS_TICKS) - start) & 0xffff) >= item.ticks,
        {
          timeoutMs,
          what: `${item.ticks} timer ticks at the menu`,
        },
      );
    } else if (item.kind === "keys") {
      await keyboard.sendScancodes(item.scancodes);
    } else if (item.kind === "click") {
      await session.machine.mouse.clickCell(item.at.col, item.at.row);
    } else if (item.kind === "point") {
      await session.machine.mouse.moveToCell(item.at.col, item.at.row);
    } else if (item.kind === "ahead") {
      await keyboard.typeAhead(item.scancodes);
      await waitForMenu(session, timeoutMs, "the menu after keys typed ahead");
    } else if (item.kind === "relaunch") {
      // Each line after the program has ended: a line that starts it at its menu is followed by key 3.
      for (const line of item.lines) {
        if (session.phase() === Phase.MENU) await keyboard.type(QUIT_KEY);
        await keyboard.type(`${line}\r`);
      }
      await waitForMenu(session, timeoutMs, `the menu after running PISKASM with "${item.lines.at(-1)}"`);
      expected = item.forces === "counted" ? undefined : item.forces;
    } else {
      await keyboard.sendScancodes(KEY_S);
      await session.waitUntil(
        () => session.phase() === Phase.SEED_ENTRY,
        "the seed entry after menu key S (Phase = SEED_ENTRY)",
        timeoutMs,
      );
      for (const k of item.keys) await keyboard.sendScancodes(k);
      await keyboard.sendScancodes(item.end === "enter" ? ENTER : ESC);
      if (item.forces !== undefined) expected = item.forces === "counted" ? undefined : item.forces;
      await waitForMenu(session, timeoutMs, `the menu again after a seed entry ended with ${item.end}`);
    }
    const forced = session.forcedSeed();
    if (forced !== expected) {
      throw new Error(
        `the menu's noise changed the forced seed from ${expected ?? "none"} to ${forced ?? "none"}; the screen:\n${session.machine.screenText()}`,
      );
    }
  }
}

export interface SetUpResult {
  asm: GameState;
  engine: Game;
  mismatch?: Mismatch;
  /** Esc ended the set-up: the program is at the menu. */
  escaped: boolean;
  /** The computer's answer to Enter, when it moved. */
  computerMove?: number;
}

async function placeStone(
  session: GameSession,
  action: SetUpAction & { kind: "stone" },
  count: number,
  timeoutMs: number,
): Promise<void> {
  const { col, row } = cellToScreen(session.layout.geometry, action.cell);
  const button = action.side === COMPUTER ? "right" : "left";
  await session.machine.mouse.clickCell(col + (action.gap ?? 0), row, button);
  await session.waitUntil(
    () => (session.phase() === Phase.SETUP && session.moveCount() === count) || isGameOver(session.phase()),
    `set-up stone ${count} (${action.side === COMPUTER ? "X" : "O"} on ${formatCell(action.cell)}) to be placed`,
    timeoutMs,
  );
}

async function handOver(
  session: GameSession,
  { end, ahead, aheadGivesUp }: NonNullable<SweepOpening["setUp"]>,
  engine: Game,
  timeoutMs: number,
): Promise<number | undefined> {
  const { machine } = session;
  if (end === "esc") {
    await machine.keyboard.sendScancodes(ESC);
    await waitForMenu(session, timeoutMs, "the menu after Esc in the set-up mode");
    return undefined;
  }
  const expected = end === "computer" ? session.moveCount() + 1 : session.moveCount();
  const key = end === "computer" ? ENTER : TAB;
  if (ahead) await machine.keyboard.typeAhead([...key, ...ahead]);
  else await machine.keyboard.sendScancodes(key);
  await session.waitUntil(
    () =>
      isGameOver(session.phase()) ||
      (aheadGivesUp === true
        ? session.phase() === Phase.MENU
        : session.phase() === Phase.HUMAN_TURN && session.moveCount() === expected),
    aheadGivesUp
      ? `the menu after handing the set-up over with Esc typed ahead (${end} to move)`
      : `the human's turn after handing the set-up over (${end} to move)`,
    timeoutMs,
  );
  return engine.handOver(end) ?? undefined;
}

/**
 * The result of the set-up answered with `key`: the menu must follow, with no other key. Its scancodes
 * (a Ctrl down and up around a letter) go at once, one input: a mismatch found at the letter must not
 * leave Ctrl held for the games after it.
 */
async function answerResult(session: GameSession, key: readonly number[], timeoutMs: number): Promise<void> {
  await session.machine.keyboard.typeAhead(key);
  await waitForMenu(session, timeoutMs, "the menu after a key that answered the result");
}

/** From the menu: the set-up of a sweep opening, every step checked; stops at the first mismatch. */
export async function playSetUp(
  session: GameSession,
  setUp: NonNullable<SweepOpening["setUp"]>,
  check: StateCheck,
  timeoutMs: number,
): Promise<SetUpResult> {
  let asm = await session.startSetUp();
  const engine = Game.setUp(asm.seed);
  let placed = 0;
  for (const action of setUp.actions) {
    if (action.kind === "stone") {
      await placeStone(session, action, ++placed, timeoutMs);
      engine.placeStone(action.cell, action.side);
    } else if (action.kind === "key") {
      await session.machine.keyboard.sendScancodes(action.scancodes);
    } else {
      await session.machine.mouse.clickCell(action.at.col, action.at.row, action.button);
    }
    asm = session.readState();
    const mismatch = check(asm, engine);
    if (!mismatch && engine.result !== "playing" && setUp.resultKey)
      await answerResult(session, setUp.resultKey, timeoutMs);
    if (mismatch || engine.result !== "playing") return { asm, engine, mismatch, escaped: false };
  }
  const computerMove = await handOver(session, setUp, engine, timeoutMs);
  asm = session.readState();
  if (setUp.end === "esc") return { asm, engine, escaped: true };
  // The Esc typed ahead gave the game up at the human's turn (the checker of the whole program compared
  // the program after it): the game ends there, as after Esc.
  if (setUp.aheadGivesUp && session.phase() === Phase.MENU)
    return { asm, engine, escaped: true, computerMove };
  return { asm, engine, mismatch: check(asm, engine), escaped: false, computerMove };
}
