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
  /** Stores a byte of text-mode memory, then redraws that cell on the screen adapter. */
  vga_memory_write_text_mode(address: number, value: number): void;
  /** Redraws every text cell on the screen adapter (on mode sets, scrolling, start address changes). */
  text_mode_redraw(): void;
  readonly start_address: number;
  readonly offset_register: number;
  readonly max_cols: number;
  readonly line_compare: number;
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
  /** A mouse answers on the aux port (reset() sets it; false: commands to the mouse get no answer). */
  have_mouse: boolean;
}

/**
 * src/lib.js `view`: what v86 keeps for a typed array inside its wasm memory is a Proxy that builds a
 * new typed array on every access. Only where the array lives is read from it here (emu/wasm-views.ts).
 */
export interface V86MemoryView {
  readonly byteOffset: number;
  readonly length: number;
}

/** src/cpu.js with its wasm exports. */
export interface V86Cpu {
  readonly devices: { readonly vga: V86Vga; readonly ps2: V86Ps2 };
  /** A WebAssembly.Memory: its buffer is replaced when the memory grows. */
  readonly wasm_memory: { readonly buffer: ArrayBuffer };
  /** Guest RAM. */
  readonly mem8: V86MemoryView;
  /** One byte: 1 while the guest sits in HLT (a view as V86MemoryView's; the debugger clears it). */
  readonly in_hlt: Uint8Array;
  /** One 32-bit word: instructions executed (wraps). */
  readonly instruction_counter: V86MemoryView;
  /**
   * One slice (src/rust/cpu/cpu.rs main_loop): runs the guest until it halts or about 1 ms has
   * passed; returns the milliseconds until the next device timer when the guest halted, else 0.
   */
  main_loop(): number;
  /** The registers and flags the debugger reads and sets (emu/v86-cpu-debug.ts). */
  readonly reg32: Int32Array;
  readonly sreg: Uint16Array;
  readonly segment_offsets: Int32Array;
  readonly instruction_pointer: Int32Array;
  readonly previous_ip: Int32Array;
  readonly flags: Int32Array;
  readonly flags_changed: Int32Array;
  get_eflags(): number;
  /** Called by v86 after each block of x86 code compiled to wasm is instantiated. */
  test_hook_did_finalize_wasm?: (code: Uint8Array) => void;
}

/**
 * src/main.js: the main loop. `do_tick` runs one slice and calls `next_tick(t)`, which schedules the
 * next `do_tick` `t` ms later (Node: setImmediate for t < 1, else setTimeout) and sets `idle`; an
 * interrupt raised while `idle` calls `next_tick(0)`.
 */
export interface V86MainLoop {
  readonly running: boolean;
  readonly stopping: boolean;
  run(): void;
  stop(): void;
  idle: boolean;
  /** Bumped by every next_tick; a scheduled tick with an older number is dropped. */
  readonly tick_counter: number;
  next_tick: (delayMs: number) => void;
  do_tick: () => void;
  /** Schedules `yield_callback(tick)` `delayMs` later (the platform's timer; see emu/tick-timer.ts). */
  yield: (delayMs: number, tick: number) => void;
  /** Runs do_tick when `tick` is still the latest. */
  yield_callback(tick: number): void;
  readonly cpu: V86Cpu;
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
