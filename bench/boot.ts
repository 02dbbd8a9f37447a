/**
 * Emulator figures: cold boot of this (fresh) process to the game's menu, a second boot in the same
 * process, restore from a snapshot to the menu, the click round trip, and the snapshot size.
 * Run through `node bench/run.mjs boot` (bundles this file and runs it in a fresh process).
 * Prints one `name value` line per figure (numbers only). Needs `make` (build/piskasm.img).
 */
import { bootFloppy } from "../emu/node.js";
import type { Machine } from "../emu/types.js";
import {
  cellToScreen,
  findGame,
  Phase,
  readMoveCount,
  readPhase,
  type GameLayout,
} from "../guest/game-view.js";
import { median } from "../util/median.js";

/** The floppy: the first argument, else build/piskasm.img under the working directory (run.mjs: the project). */
const IMAGE = process.argv[2] ?? "build/piskasm.img";
const BOOT_TIMEOUT_MS = 60_000;
const CLICKS = 20;

function atMenu(machine: Machine): boolean {
  const game = findGame(machine.memory);
  return game !== undefined && readPhase(machine.memory, game) === Phase.MENU;
}

async function bootToMenu(): Promise<{ machine: Machine; ms: number }> {
  const started = performance.now();
  const machine = await bootFloppy(IMAGE);
  await machine.waitFor(() => atMenu(machine), { timeoutMs: BOOT_TIMEOUT_MS, what: "the game's menu" });
  return { machine, ms: performance.now() - started };
}

function humanTurn(machine: Machine, game: GameLayout, moveCount: number): boolean {
  return (
    readPhase(machine.memory, game) === Phase.HUMAN_TURN && readMoveCount(machine.memory, game) >= moveCount
  );
}

function gameOver(machine: Machine, game: GameLayout): boolean {
  const phase = readPhase(machine.memory, game);
  return phase === Phase.COMPUTER_WON || phase === Phase.HUMAN_WON || phase === Phase.DRAW;
}

/**
 * A game with the human first: the median time from the click on a cell (pointer already there) to
 * the game waiting for the next click with the computer's answer on the board.
 */
async function gameMoveRoundTrip(machine: Machine): Promise<number> {
  const game = findGame(machine.memory);
  if (!game) throw new Error("the game is not running");
  await machine.keyboard.type("1");
  await machine.waitFor(() => humanTurn(machine, game, 0), {
    timeoutMs: 10_000,
    what: "the first human turn",
  });
  const times: number[] = [];
  for (const index of [180, 0, 18, 342]) {
    if (gameOver(machine, game)) break;
    const { col, row } = cellToScreen(game.geometry, index);
    await machine.mouse.moveToCell(col, row);
    const before = readMoveCount(machine.memory, game);
    const started = performance.now();
    await machine.mouse.press("left");
    await machine.mouse.release("left");
    await machine.waitFor(() => humanTurn(machine, game, before + 2) || gameOver(machine, game), {
      timeoutMs: 10_000,
      what: "the computer's answer",
    });
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main(): Promise<void> {
  const first = await bootToMenu();
  // performance.now() counts from the start of this process: module loading and wasm compilation included.
  console.log(`cold_process_to_menu_ms ${performance.now().toFixed(0)}`);
  console.log(`first_boot_to_menu_ms ${first.ms.toFixed(0)}`);

  const second = await bootToMenu();
  console.log(`second_boot_to_menu_ms ${second.ms.toFixed(0)}`);
  await second.machine.destroy();

  const machine = first.machine;
  const snapshot = await machine.snapshot();
  console.log(`snapshot_bytes ${snapshot.state.byteLength}`);

  const restores: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await machine.restore(snapshot);
    await machine.waitFor(() => atMenu(machine), {
      timeoutMs: BOOT_TIMEOUT_MS,
      what: "the menu after a restore",
    });
    restores.push(performance.now() - started);
  }
  console.log(`restore_to_menu_ms ${median(restores).toFixed(2)}`);

  await machine.mouse.moveToCell(40, 12);
  const clicks: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const started = performance.now();
    await machine.mouse.press("left");
    await machine.mouse.release("left");
    clicks.push(performance.now() - started);
  }
  console.log(`click_round_trip_ms ${median(clicks).toFixed(2)}`);

  const moves: number[] = [];
  for (const [col, row] of [
    [0, 0],
    [79, 24],
    [40, 12],
    [10, 20],
    [70, 3],
  ]) {
    const started = performance.now();
    await machine.mouse.moveToCell(col, row);
    moves.push(performance.now() - started);
  }
  console.log(`move_to_cell_ms ${median(moves).toFixed(2)}`);

  console.log(`game_click_to_answer_ms ${(await gameMoveRoundTrip(machine)).toFixed(2)}`);
  await machine.destroy();
}

try {
  await main();
} catch (error) {
  console.error(`bench/boot: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
