/**
 * Memory by symbol: Plocha as a board, Info as a heat map over it, the game's words as numbers, any
 * other label of the symbol map as a hex dump. Addresses come from the symbol map, relocated by the
 * program's load segment.
 */
import type { GuestMemory } from "../../emu/types.js";
import { CELLS } from "../../engine-ts/index.js";
import { el } from "../dom.js";
import { MiniBoard } from "../records/mini-board.js";
import { messageOf } from "../../util/error-message.js";
import { hex, hexDigits } from "../../util/hex.js";

export const MEMORY_SYMBOLS = [
  "Plocha",
  "Info",
  "Seed",
  "Random",
  "LastPC",
  "VolnaPole",
  "MoveCount",
  "GameCount",
] as const;
const DUMP_BYTES = 64;

export interface MemorySource {
  memory: GuestMemory;
  /** Linear address of a label of PISKASM.COM. */
  linear(label: string): number;
}

export class MemoryView {
  readonly root = el("div", "dbg-memory");
  private readonly select = el("select", undefined, undefined, {
    ariaLabel: "A variable of the game to show",
  });
  private readonly custom = el("input", undefined, undefined, {
    placeholder: "or any label",
    size: 12,
    ariaLabel: "A label to show memory of",
  });
  private readonly out = el("pre", "dbg-dump");
  private readonly board = new MiniBoard();
  private source: MemorySource | undefined;

  constructor() {
    for (const name of MEMORY_SYMBOLS) this.select.append(new Option(name, name));
    this.select.addEventListener("change", () => {
      this.custom.value = "";
      this.render(this.source);
    });
    this.custom.addEventListener("change", () => this.render(this.source));
    const row = el("div", "timeline-buttons", "Memory ");
    row.append(this.select, this.custom);
    this.root.append(row, this.out, this.board.root);
  }

  render(source: MemorySource | undefined): void {
    this.source = source;
    const name = this.custom.value.trim() || this.select.value;
    this.board.root.hidden = true;
    if (!source) {
      this.out.textContent = "";
      return;
    }
    let at: number;
    try {
      at = source.linear(name);
    } catch (error) {
      this.out.textContent = messageOf(error);
      return;
    }
    const mem = source.memory;
    if (name === "Plocha" || name === "Info") {
      const plocha = mem.read(source.linear("Plocha"), CELLS);
      const info =
        name === "Info"
          ? Array.from({ length: CELLS }, (_, i) => mem.readU16(at + 2 * i))
          : new Array<number>(CELLS).fill(0);
      this.board.render(plocha, info, undefined);
      this.board.root.hidden = false;
      this.out.textContent = `${name} at ${hexDigits(at >> 4, 4)}:${hexDigits(at & 0xf, 4)} (linear ${hex(at, 1)})`;
      return;
    }
    if ((MEMORY_SYMBOLS as readonly string[]).includes(name)) {
      const value = mem.readU16(at);
      this.out.textContent = `${name} = ${value} (${hex(value, 4)}) at linear ${hex(at, 1)}`;
      return;
    }
    const bytes = mem.read(at, DUMP_BYTES);
    const rows: string[] = [];
    for (let i = 0; i < bytes.length; i += 16) {
      rows.push(
        `${(at + i).toString(16).toUpperCase().padStart(5, "0")}  ${[...bytes.slice(i, i + 16)].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(" ")}`,
      );
    }
    this.out.textContent = `${name}:\n${rows.join("\n")}`;
  }
}
