/**
 * The parts of v86's internal objects the Machine uses that v86.d.ts does not declare. The property
 * names survive v86's Closure Compiler build (checked against build/libv86.mjs).
 */
import type { V86 } from "v86";

export interface V86Bus {
  send(name: string, value?: unknown): void;
}

export interface V86ByteQueue {
  readonly length: number;
}

/** src/vga.js: text mode keeps character and attribute bytes interleaved in `vga_memory`. */
export interface V86Vga {
  readonly vga_memory: Uint8Array;
  readonly start_address: number;
  readonly offset_register: number;
  readonly max_cols: number;
  readonly max_rows: number;
  readonly line_compare: number;
  readonly graphical_mode: boolean;
  scan_line_to_screen_row(scanLine: number): number;
}

/** src/ps2.js: the 8042 controller with keyboard and mouse output queues. */
export interface V86Ps2 {
  readonly kbd_buffer: V86ByteQueue;
  readonly mouse_buffer: V86ByteQueue;
  readonly next_byte_is_ready: boolean;
  readonly next_byte_is_aux: boolean;
  readonly use_mouse: boolean;
  readonly enable_mouse_stream: boolean;
}

/** src/main.js: the main loop; `next_tick(t)` schedules the next slice `t` ms later. */
export interface V86MainLoop {
  readonly running: boolean;
  next_tick: (delayMs: number) => void;
  readonly cpu: { readonly devices: { readonly vga: V86Vga; readonly ps2: V86Ps2 } };
}

/** src/browser/screen.js: the page's text and graphics output (browser only). */
export interface V86ScreenAdapter {
  /** Schedules the next update_screen (v86: on the next animation frame, for ever). */
  timer: () => void;
  /** Draws the rows whose characters changed since the last call, then calls timer(). */
  update_screen(): void;
  /** The VGA's write of one text cell; marks its row changed. */
  put_char: (row: number, col: number, chr: number, flags: number, bg: number, fg: number) => void;
  destroy: () => void;
}

export interface V86WithInternals extends V86 {
  readonly bus: V86Bus;
  /** The screen output (in Node a stand-in without a page to draw into). */
  readonly screen_adapter: V86ScreenAdapter | undefined;
  /** Set once the emulator has loaded ("emulator-loaded"). */
  readonly v86: V86MainLoop;
}

export function withInternals(emulator: V86): V86WithInternals {
  return emulator as unknown as V86WithInternals;
}
