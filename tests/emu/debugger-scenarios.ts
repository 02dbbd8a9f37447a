/**
 * The debugger's scenarios on a running PISKASM.COM at its menu, shared by the small DOS tier
 * (tests/emu/debugger.test.ts) and the FreeDOS tier (tests/freedos/debugger.test.ts): the program's
 * load segment differs, the symbol map's offsets are relocated by it.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect } from "vitest";
import { FLAG, type CpuRegisters } from "../../emu/cpu-debug.js";
import { ProgramDebugger } from "../../debug/debugger.js";
import { parseListing } from "../../debug/listing.js";
import { CATEGORIES, profileMove } from "../../debug/profiler.js";
import { SymbolTable } from "../../debug/symbols.js";
import type { Machine } from "../../emu/types.js";
import { Game, parseCell } from "../../engine-ts/index.js";
import { cellToScreen, Phase } from "../../guest/game-view.js";
import type { GameSession } from "../../guest/session.js";
import { ROOT } from "./support.js";

export const symbols = new SymbolTable(
  parseListing(
    readFileSync(resolve(ROOT, "build/piskasm.lst"), "utf8"),
    "PISKASM.COM",
    "asm/piskasm.asm",
    "asm",
  ),
);
// Generous: a loaded 2-core CI machine runs two emulator files and Chromium at once.
const OPTIONS = { timeoutMs: 60_000 };

/** The registers shown are the CPU's; only IF is held clear in the CPU while the debugger stops it. */
function expectCpuRegisters(machine: Machine, shown: CpuRegisters): void {
  const cpu = machine.debug?.registers();
  expect(cpu && cpu.flags & FLAG.IF).toBe(0);
  expect(shown).toEqual({ ...cpu, flags: (cpu?.flags ?? 0) | (shown.flags & FLAG.IF) });
}

async function clickCell(session: GameSession, machine: Machine, name: string): Promise<void> {
  const at = cellToScreen(session.layout.geometry, parseCell(name));
  await machine.mouse.clickCell(at.col, at.row);
}

/** A breakpoint on pc_move, the registers, step over, step, run to HUMAN_TURN, detach, play on. */
export async function breakpointScenario(session: GameSession): Promise<void> {
  const machine = session.machine;
  await session.backToMenu();
  await session.useSeed(7);
  await session.startGame("human");
  const debug = new ProgramDebugger(machine, symbols, OPTIONS);
  expect(debug.programSegment * 16).toBe(session.layout.segmentBase);
  const pcMove = debug.addBreakpoint("pc_move");
  const hit = debug.continue();
  // The program answers the press; the release is taken once the machine runs again.
  const click = clickCell(session, machine, "K10");
  const stop = await hit;
  expect(stop.kind).toBe("breakpoint");
  expect(stop.where?.routine).toBe("pc_move");
  expectCpuRegisters(machine, stop.registers);
  expect(stop.registers.cs).toBe(debug.programSegment);
  expect(stop.registers.ip).toBe(pcMove);
  expect(machine.memory.readU8(debug.programLinear(pcMove))).toBe(0xe8);

  const over = await debug.stepOver();
  expect(over.offset).toBe(symbols.nextLine(pcMove));
  expect(over.where?.text).toMatch(/xor dx, dx/);
  const step = await debug.step();
  expect(step.offset).toBe(symbols.nextLine(over.offset!));
  expect(step.where?.line).toBe(over.where!.line + 1);
  expect(step.registers.dx).toBe(0);
  expectCpuRegisters(machine, step.registers);

  const lineSpec = `${step.where!.file.split("/").pop()}:${step.where!.line + 3}`;
  const atLine = debug.addBreakpoint(lineSpec);
  const lineStop = await debug.continue();
  expect(lineStop).toMatchObject({
    kind: "breakpoint",
    offset: atLine,
    where: { line: step.where!.line + 3, routine: "pc_move" },
  });
  debug.removeBreakpoint(atLine);
  debug.removeBreakpoint(pcMove);
  const turn = await debug.runToHumanTurn();
  expect(turn.kind).toBe("human-turn");
  await click;
  debug.detach();
  const state = session.readState();
  expect(state.phase).toBe(Phase.HUMAN_TURN);
  const engine = Game.newGame(7, "human");
  engine.humanMove(parseCell("K10"));
  expect([...state.plocha]).toEqual([...engine.state.plocha]);
  expect([...state.info]).toEqual([...engine.state.info]);

  await session.humanMove(parseCell("C3"));
  engine.humanMove(parseCell("C3"));
  expect([...session.readState().plocha]).toEqual([...engine.state.plocha]);
  expect(machine.memory.readU8(debug.programLinear(pcMove))).toBe(0xe8);
}

/** One computer move profiled; the counts sum to the total, which is close to the same move unprofiled. */
export async function profileScenario(session: GameSession): Promise<void> {
  const machine = session.machine;
  await session.backToMenu();
  await session.useSeed(11);
  await session.startGame("human");
  const before = await machine.snapshot();
  const plain = await session.humanMove(parseCell("K10"));
  await machine.restore(before);
  await machine.waitFor(() => session.phase() === Phase.HUMAN_TURN, {
    timeoutMs: 60_000,
    what: "the restored game",
  });

  const debug = new ProgramDebugger(machine, symbols, OPTIONS);
  const moves = session.moveCount();
  const profile = await profileMove(
    machine,
    debug,
    () => clickCell(session, machine, "K10"),
    () => session.phase() === Phase.HUMAN_TURN && session.moveCount() === moves + 2,
  );
  debug.detach();
  const sum = CATEGORIES.reduce((s, c) => s + profile.counts[c], 0);
  expect(sum).toBe(profile.total);
  for (const c of CATEGORIES) expect(profile.counts[c], c).toBeGreaterThanOrEqual(0);
  expect(profile.counts.update).toBeGreaterThan(1000);
  expect(profile.counts.pc_move).toBeGreaterThan(500);
  expect(profile.counts.drawing).toBeGreaterThan(0);
  expect(profile.counts["MOUSE.COM"]).toBeGreaterThan(0);
  expect(profile.traps).toBeGreaterThan(4);
  // The same move without the debugger took about as many instructions (timer interrupts differ).
  expect(
    Math.abs(profile.total - plain.instructions) / plain.instructions,
    JSON.stringify({ profile, plain }),
  ).toBeLessThan(0.25);
  const engine = Game.newGame(11, "human");
  engine.humanMove(parseCell("K10"));
  expect([...session.readState().plocha]).toEqual([...engine.state.plocha]);
}
