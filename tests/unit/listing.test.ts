import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseListing } from "../../debug/listing.js";
import { SymbolTable } from "../../debug/symbols.js";

/** One listing line in NASM's columns: number, address, bytes, include depth, source. */
function row(n: number, address: number | undefined, bytes: string, depth: number, source: string): string {
  const addr = address === undefined ? "        " : address.toString(16).toUpperCase().padStart(8, "0");
  return `${String(n).padStart(6)} ${addr} ${bytes.padEnd(20)}${depth > 0 ? `<${depth}> ` : "    "}${source}`;
}

const LISTING = [
  row(1, undefined, "", 0, "; a test program"),
  row(2, undefined, "", 0, "        org 100h"),
  row(3, undefined, "", 0, "start:"),
  row(4, 0x0, "EB02", 0, "        jmp short main"),
  row(5, 0x2, "4142", 0, "msg:    db 'AB'"),
  row(6, undefined, "", 0, "main:"),
  row(7, 0x4, "E80300", 0, "        call work"),
  row(8, 0x7, "CD20", 0, "        int 20h"),
  row(9, undefined, "", 0, '%include "prog/work.inc"'),
  row(1, undefined, "", 1, "work:"),
  row(2, 0x9, "B80100", 1, "        mov ax, 1"),
  row(3, undefined, "", 1, ".again:"),
  row(4, 0xc, "48", 1, "        dec ax"),
  row(5, 0xd, "75FD", 1, "        jnz .again"),
  row(6, 0xf, "C3", 1, "        ret"),
  row(10, 0x10, "54686520636F6D7075-", 0, "        db 'The computer won', 0"),
  row(10, 0x19, "74657220776F6E00", 0, ""),
  row(11, undefined, "", 0, "absolute 2000h"),
  row(12, 0x1000, "<res 169h>", 0, "Board   resb 361"),
].join("\n");

describe("the symbol map from a NASM listing", () => {
  const map = parseListing(LISTING, "TEST.COM", "asm/test.asm", "asm");

  it("adds the org to every address and knows each included file", () => {
    expect(map.origin).toBe(0x100);
    expect(map.files).toEqual(["asm/test.asm", "asm/prog/work.inc"]);
    expect(map.lines[0]).toEqual({ offset: 0x100, length: 2, file: 0, line: 4, text: "jmp short main" });
  });

  it("names labels, local labels under their routine, and data labels without a colon", () => {
    const byName = Object.fromEntries(map.labels.map((l) => [l.name, l]));
    expect(byName.main.offset).toBe(0x104);
    expect(byName.work).toMatchObject({ offset: 0x109, file: 1, line: 1 });
    expect(byName["work.again"].offset).toBe(0x10c);
    expect(byName.Board.offset).toBe(0x1100);
  });

  it("counts the bytes of continued lines and reserved space", () => {
    const text = map.lines.find((l) => l.line === 10 && l.file === 0);
    expect(text?.length).toBe(17);
    expect(map.lines.at(-1)).toMatchObject({ offset: 0x1100, length: 361 });
  });

  it("finds the routine and the source line of an address, and the address of a line", () => {
    const table = new SymbolTable(map);
    expect(table.where(0x10d)).toMatchObject({
      routine: "work",
      label: "work.again",
      file: "asm/prog/work.inc",
      line: 5,
      text: "jnz .again",
      offset: 0x10d,
    });
    expect(table.where(0x10e)?.line).toBe(5);
    expect(table.lookup("work")).toBe(0x109);
    expect(table.lookup("asm/prog/work.inc:4")).toBe(0x10c);
    expect(table.lookup("work.inc:6")).toBe(0x10f);
    expect(table.nextLine(0x109)).toBe(0x10c);
    expect(() => table.lookup("nothing")).toThrow(/no routine or source line "nothing"/);
  });

  it("reads the real PISKASM.COM listing: the debug header's variables are where the COM says", () => {
    const real = new SymbolTable(
      parseListing(readFileSync("build/piskasm.lst", "utf8"), "PISKASM.COM", "asm/piskasm.asm", "asm"),
    );
    const com = readFileSync("build/PISKASM.COM");
    expect(real.lookup("Plocha")).toBe(com.readUInt16LE(0x0c));
    expect(real.lookup("Info")).toBe(com.readUInt16LE(0x0e));
    expect(real.lookup("Phase")).toBe(com.readUInt16LE(0x18));
    for (const routine of ["pc_move", "update", "count_score", "place_stone"])
      expect(real.where(real.lookup(routine))?.routine).toBe(routine);
  });
});

describe("where the game's variables are written", () => {
  it("names the routines and source lines that write Info, LastPC and MoveCount in the real listing", async () => {
    const { describeVariable } = await import("../../debug/variable-sources.js");
    const real = new SymbolTable(
      parseListing(readFileSync("build/piskasm.lst", "utf8"), "PISKASM.COM", "asm/piskasm.asm", "asm"),
    );
    const infoOffset = readFileSync("build/PISKASM.COM").readUInt16LE(0x0e).toString(16).toUpperCase();
    const info = describeVariable(real, "Info");
    expect(info).toMatch(
      new RegExp(
        `^Info: PISKASM\\.COM's Info at offset ${infoOffset}h \\(asm/piskasm\\.asm:\\d+\\), written in update \\(engine\\.inc:\\d+`,
      ),
    );
    expect(describeVariable(real, "LastPC")).toMatch(
      /LastPC at offset [0-9A-F]+h \(asm\/piskasm\.asm:\d+\), written in place_stone/,
    );
    expect(describeVariable(real, "MoveCount")).toMatch(/written in place_stone .*new_board/);
    expect(describeVariable(real, "Screen")).toBeUndefined();
  });
});
