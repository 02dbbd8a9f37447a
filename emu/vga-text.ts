import { CP437 } from "./cp437.js";
import type { TextCells, TextScreen } from "./types.js";
import type { V86Vga } from "./v86-internals.js";
import { sameBytesAt } from "../util/bytes.js";

export const TEXT_COLS = 80;
export const TEXT_ROWS = 25;
const CELLS = TEXT_COLS * TEXT_ROWS;

/** UTF-16 code of the character shown for each CP437 byte; byte 0 (an empty cell) is shown as a space. */
const SHOWN_CODES = Uint16Array.from(CP437, (char, byte) => (byte === 0 ? 0x20 : char.charCodeAt(0)));

/** The VGA memory address of each text row into `starts`: from start_address, restarting at 0 at the split row. */
function fillRowStarts(vga: V86Vga, starts: Int32Array): Int32Array {
  const stride = Math.max(vga.max_cols, 2 * vga.offset_register) * 2;
  const splitRow = vga.scan_line_to_screen_row(vga.line_compare);
  let rowStart = vga.start_address << 1;
  for (let row = 0; row < TEXT_ROWS; row++) {
    if (row === splitRow) rowStart = 0;
    starts[row] = rowStart;
    rowStart += stride;
  }
  return starts;
}

/** TextCells.sameAs the slow way, for a row start that is not 4-aligned. */
function sameCellByCell(cells: TextCells, expected: Uint16Array, ignore: number): boolean {
  for (let i = 0; i < CELLS; i++) {
    if (i !== ignore && cells.at(i % TEXT_COLS, Math.floor(i / TEXT_COLS)) !== expected[i]) return false;
  }
  return true;
}

/** A VGA's TextCells and the rows they were made for. */
interface MadeCells {
  readonly memory: Uint8Array;
  readonly starts: Int32Array;
  readonly cells: TextCells;
}

const madeCells = new WeakMap<V86Vga, MadeCells>();

const startsNow = new Int32Array(TEXT_ROWS);

/**
 * The cells of the text screen, read straight from VGA memory (character | attribute << 8). They read
 * the memory when asked, so the same object serves while the rows start where they did (the checker
 * asks after every input: no allocation then).
 */
export function readTextCells(vga: V86Vga): TextCells {
  const made = madeCells.get(vga);
  fillRowStarts(vga, startsNow);
  if (made?.memory === vga.vga_memory && made.starts.every((start, row) => start === startsNow[row]))
    return made.cells;
  const memory = vga.vga_memory;
  const starts = startsNow.slice();
  const cells = textCellsAt(memory, starts);
  madeCells.set(vga, { memory, starts, cells });
  return cells;
}

function textCellsAt(memory: Uint8Array, starts: Int32Array): TextCells {
  const contiguous = starts.every((start, row) => start === starts[0] + row * 2 * TEXT_COLS);
  // The bytes of the cells last compared with (the checker's model keeps one array of them).
  let lastWords: Uint16Array | undefined;
  let lastBytes: Uint8Array = new Uint8Array(0);
  const bytesOf = (words: Uint16Array): Uint8Array => {
    if (words !== lastWords) {
      lastWords = words;
      lastBytes = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
    }
    return lastBytes;
  };
  return {
    cols: TEXT_COLS,
    rows: TEXT_ROWS,
    at(col, row) {
      if (col < 0 || col >= TEXT_COLS || row < 0 || row >= TEXT_ROWS)
        throw new RangeError(`no text cell (${col}, ${row})`);
      const addr = starts[row] + col * 2;
      return memory[addr] | (memory[addr + 1] << 8);
    },
    sameAs(expected, ignore) {
      if (contiguous) {
        // The usual layout (one block of rows): memcmp in place on both sides of the ignored cell.
        const bytes = bytesOf(expected);
        const start = starts[0];
        if (ignore < 0 || ignore >= CELLS) return sameBytesAt(memory, start, bytes, 0, 2 * CELLS);
        const skip = 2 * ignore;
        const after = skip + 2;
        return (
          sameBytesAt(memory, start, bytes, 0, skip) &&
          sameBytesAt(memory, start + after, bytes, after, 2 * CELLS - after)
        );
      }
      const wanted = new Uint32Array(expected.buffer, expected.byteOffset, expected.length >> 1);
      for (let row = 0; row < TEXT_ROWS; row++) {
        const start = starts[row];
        if ((memory.byteOffset + start) % 4 !== 0) return sameCellByCell(this, expected, ignore);
        const shown = new Uint32Array(memory.buffer, memory.byteOffset + start, TEXT_COLS >> 1);
        const base = (row * TEXT_COLS) >> 1;
        for (let i = 0; i < TEXT_COLS >> 1; i++) {
          if (shown[i] === wanted[base + i]) continue;
          // Two cells in one word: a difference only in the ignored cell does not count.
          const cell = 2 * (base + i);
          if ((shown[i] & 0xffff) !== (wanted[base + i] & 0xffff) && cell !== ignore) return false;
          if (shown[i] >>> 16 !== wanted[base + i] >>> 16 && cell + 1 !== ignore) return false;
        }
      }
      return true;
    },
    words(target) {
      // One pass over the cells, without a view or copy per row (the checker reads it after every input).
      let at = 0;
      for (let row = 0; row < TEXT_ROWS; row++) {
        const end = starts[row] + 2 * TEXT_COLS;
        for (let addr = starts[row]; addr < end; addr += 2)
          target[at++] = memory[addr] | (memory[addr + 1] << 8);
      }
    },
  };
}

/**
 * The 80x25 text screen as the VGA shows it: v86 keeps text mode as character/attribute byte pairs
 * from `start_address * 2` with a row stride of the CRTC offset register (as in its text_mode_redraw),
 * restarting at 0 at the line-compare split row. Each row is built from a code array in one call
 * (the harness reads the screen after every move).
 */
export function readTextScreen(vga: V86Vga): TextScreen {
  const memory = vga.vga_memory;
  const starts = fillRowStarts(vga, new Int32Array(TEXT_ROWS));
  const attrs = new Uint8Array(CELLS);
  // A plain array: String.fromCharCode.apply takes it about twice as fast as a typed array.
  const codes = new Array<number>(TEXT_COLS);
  const lines: string[] = [];
  for (let row = 0; row < TEXT_ROWS; row++) {
    const rowStart = starts[row];
    for (let col = 0; col < TEXT_COLS; col++) {
      const addr = rowStart + col * 2;
      codes[col] = SHOWN_CODES[memory[addr]];
      attrs[row * TEXT_COLS + col] = memory[addr + 1];
    }
    lines.push(String.fromCharCode.apply(null, codes));
  }
  return { cols: TEXT_COLS, rows: TEXT_ROWS, lines, attrs };
}
