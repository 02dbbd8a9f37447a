/**
 * The Machine API: what the harness, the CLI and the browser page may ask of an emulated PC.
 * One implementation (emu/v86-machine.ts) runs v86 in Node and in the browser.
 */
import type { CpuDebug } from "./cpu-debug.js";
import type { ScreenContainer } from "./host-globals.js";

/** The 80x25 text screen: characters already mapped from CP437 to Unicode. */
export interface TextScreen {
  readonly cols: number;
  readonly rows: number;
  /** One string of `cols` characters per row. */
  readonly lines: readonly string[];
  /** Attribute byte of every cell, row-major, `cols * rows` entries. */
  readonly attrs: Uint8Array;
}

/**
 * The text screen's cells as the VGA holds them, read on demand: `at(col, row)` is the cell's word,
 * character code (CP437) in the low byte and attribute in the high byte. Valid until the guest runs
 * again. For checks that look at a few hundred cells after every move (the screen check).
 */
export interface TextCells extends Pick<TextScreen, "cols" | "rows"> {
  at(col: number, row: number): number;
  /** Every cell into `target` (cols * rows words, row-major), as at() gives them. */
  words(target: Uint16Array): void;
  /**
   * Whether every cell is `expected`'s (cols * rows words, row-major), the cell at index `ignore` aside
   * (-1: none): a compare without a copy, 32 bits at a time (the checker's after every input).
   */
  sameAs(expected: Uint16Array, ignore: number): boolean;
}

export interface WaitOptions {
  timeoutMs: number;
  /** What is being waited for, used in the timeout error. */
  what?: string;
}

export type MouseButton = "left" | "right" | "middle";

/** Raw guest memory access (linear addresses). */
export interface GuestMemory {
  /** A copy of guest RAM. */
  read(linear: number, length: number): Uint8Array;
  /**
   * Guest RAM itself, without a copy: valid only until the emulator runs again; never keep or write it
   * (the checker compares through it after every input).
   */
  view(linear: number, length: number): Uint8Array;
  readU8(linear: number): number;
  readU16(linear: number): number;
}

export interface Keyboard {
  /**
   * Press and release keys given as text ("1", "\r" for Enter, "\x1b" for Esc; US layout, Shift added
   * for shifted characters). Resolves once the guest has read each key's bytes from the 8042.
   */
  type(text: string): Promise<void>;
  /** Send raw set-1 scancodes (make and break codes as given); resolves once the guest has read them. */
  sendScancodes(codes: readonly number[]): Promise<void>;
  /**
   * Keys typed ahead: every scancode handed to the keyboard controller at once, so that the keys wait
   * in the BIOS buffer together before the program reads the first (a program that drops pending keys
   * then drops the rest). Resolves once the guest has read them all.
   */
  typeAhead(codes: readonly number[]): Promise<void>;
}

export interface Mouse {
  /**
   * Send one raw relative movement through the emulated PS/2 mouse (dx right, dy down on screen;
   * each in -127..127). MOUSE.COM programs the device so that one unit is one mickey.
   * Resolves once the guest has taken the packet: MOUSE.COM's packet counter has moved when the driver
   * is resident, else the 8042 queue is empty. Rejects when the guest has not enabled the mouse.
   */
  sendDelta(dx: number, dy: number): Promise<void>;
  /**
   * Move the guest's pointer to a text cell closed-loop: send PS/2 deltas (at most +-127 each),
   * read MOUSE.COM's resident header, repeat until the pointer is on the cell.
   */
  moveToCell(col: number, row: number): Promise<void>;
  press(button?: MouseButton): Promise<void>;
  release(button?: MouseButton): Promise<void>;
  /** moveToCell, then press and release. */
  clickCell(col: number, row: number, button?: MouseButton): Promise<void>;
}

/** What the emulator has done since the machine was created (monotonic; for benchmarks). */
export interface MachineStats {
  /** Instructions executed: the same count as instructionCount(). */
  instructions: number;
  /** Host milliseconds spent inside v86's run loop (guest code, devices, interrupts). */
  runLoopMs: number;
  /** Slices of the run loop. */
  slices: number;
  /** Blocks of x86 code v86's JIT has compiled to wasm and installed. */
  jitCompilations: number;
}

export interface MachineSnapshot {
  readonly state: ArrayBuffer;
}

export interface Machine {
  readonly memory: GuestMemory;
  /** The CPU as the page's debugger tab sees it (emu/cpu-debug.ts); the harness never uses it. */
  readonly debug?: CpuDebug;
  readonly keyboard: Keyboard;
  readonly mouse: Mouse;
  screen(): TextScreen;
  /** The screen's cells without building its text (see TextCells). */
  textCells(): TextCells;
  /** The screen as text, one line per row, for error messages and the CLI. */
  screenText(): string;
  /**
   * Instructions this machine's CPU has executed since it was created (v86's instruction counter,
   * extended past 32 bits). Monotonic: restoring a snapshot does not rewind it; use differences.
   */
  instructionCount(): number;
  /**
   * The CPU sits in HLT (it waits for an interrupt). PISKASM.COM halts only in its wait loops, after
   * it has handled every input that reached it, so the checker reads a halted program as settled.
   */
  halted(): boolean;
  /** Run-loop time, slices and JIT compilations so far, for benchmarks (differences between calls). */
  stats(): MachineStats;
  /**
   * Run the emulator until `probe` returns a value other than undefined/false, then resolve with it.
   * The probe runs at once and then after every slice of v86's main loop (about every millisecond
   * of guest execution, and at once when input wakes a halted guest), so keep it cheap; while it is
   * pending the slices run back to back (emu/host-stepper.ts).
   * Rejects after `timeoutMs` (checked after each slice, so at most about 100 ms late) with an error
   * whose message contains the screen dump; on a host that starves the emulator, not before it has
   * had a slice for every 250 ms of the wait (emu/waiters.ts).
   */
  waitFor<T>(probe: () => T | undefined | false, options: WaitOptions): Promise<T>;
  /** True while the guest is stopped by pause() (input then waits until resume()). */
  isPaused(): boolean;
  /** Stop running the guest; resolves once v86's main loop has stopped. The state is kept. */
  pause(): Promise<void>;
  /** Run the guest again after pause(). */
  resume(): Promise<void>;
  /** The limit set by setSpeedLimit, in million instructions per second (undefined: none). */
  speedLimit(): number | undefined;
  /**
   * Run the guest at about `mips` million instructions per second (undefined: as fast as the host
   * can), by sleeping between slices of v86's main loop (emu/throttle.ts).
   */
  setSpeedLimit(mips: number | undefined): void;
  /** The whole machine state (v86 save_state; about 3 MB, most of it zeros). */
  snapshot(): Promise<MachineSnapshot>;
  /**
   * Continue from a snapshot, also one taken by another machine booted with the same options and
   * floppy (even in another process). instructionCount() is not rewound.
   */
  restore(snapshot: MachineSnapshot): Promise<void>;
  /** Stop the emulator and release everything it holds; Node then exits on its own. */
  destroy(): Promise<void>;
}

/** v86's imports of its wasm module and the instance's exports (WebAssembly.Imports and .Exports, which Node's types lack). */
export type WasmImports = Record<string, Record<string, unknown>>;
export type WasmExports = Record<string, unknown>;

export interface MachineOptions {
  /** 1.44 MB floppy image. */
  floppy: Uint8Array;
  bios: Uint8Array;
  vgaBios: Uint8Array;
  /** Where v86.wasm is: a file path in Node, a URL in the browser. */
  wasmPath: string;
  /**
   * Instantiates v86.wasm with v86's imports, from a module already compiled (the page compiles it
   * while it downloads); wasmPath is then not read.
   */
  instantiateWasm?: (imports: WasmImports) => Promise<WasmExports>;
  /**
   * Made but not started: the BIOS does not run until resume(), so a state restored first is where
   * the guest begins (default false: the machine boots at once).
   */
  paused?: boolean;
  /** Guest memory (default 16 MiB); a state restores only into a machine with the memory it was saved with. */
  memoryMiB?: number;
  /** Browser only: the element v86 draws its screen into. */
  screenContainer?: ScreenContainer;
  /** Browser only: called after each redraw of the screen (v86 redraws only after the VGA changed). */
  onScreenFrame?: () => void;
  /** Browser only: let v86 take the page's real keyboard and mouse events too (default false). */
  userInput?: boolean;
  /**
   * v86's x86-to-wasm JIT (default true). Without it a fresh process boots to the menu faster
   * (about 390 ms instead of 570 ms) because no generated code has to be compiled.
   */
  jit?: boolean;
  /** How long one keyboard or mouse step may wait for the guest to take its input (default 10 s). */
  inputTimeoutMs?: number;
  /**
   * A PS/2 mouse on the keyboard controller's auxiliary port (default true). false: a PC without one,
   * whose BIOS mouse services (INT 15h C2xxh) fail, as MOUSE.COM and PISKASM.COM then report.
   */
  ps2Mouse?: boolean;
}
