/** The debugger's register table: 8086 registers in hex, FLAGS as letters (upper case = set). */
import { formatFlags, type CpuRegisters } from "../../emu/cpu-debug.js";
import { el } from "../dom.js";
import { hexDigits } from "../../util/hex.js";

const ORDER: readonly (keyof CpuRegisters)[] = [
  "ax",
  "bx",
  "cx",
  "dx",
  "si",
  "di",
  "bp",
  "sp",
  "cs",
  "ds",
  "es",
  "ss",
  "ip",
  "flags",
];

export class RegistersView {
  readonly root = el("div", "dbg-registers");
  private readonly values = new Map<keyof CpuRegisters, HTMLElement>();
  private readonly flags = el("div", "dbg-flags muted");

  constructor() {
    const grid = el("dl", "dbg-reg-grid");
    for (const name of ORDER) {
      const value = el("dd", undefined, "----");
      value.dataset.register = name;
      this.values.set(name, value);
      grid.append(el("dt", undefined, name.toUpperCase()), value);
    }
    this.root.append(grid, this.flags);
  }

  render(registers: CpuRegisters | undefined): void {
    for (const [name, cell] of this.values)
      cell.textContent = registers ? hexDigits(registers[name], 4) : "----";
    this.flags.textContent = registers ? formatFlags(registers.flags) : "";
  }

  /** The values as shown (for the page probe). */
  shown(): Partial<Record<keyof CpuRegisters, number>> {
    const out: Partial<Record<keyof CpuRegisters, number>> = {};
    for (const [name, cell] of this.values)
      if (cell.textContent !== "----") out[name] = parseInt(cell.textContent ?? "", 16);
    return out;
  }
}
