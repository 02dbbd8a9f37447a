/**
 * The Machine API over v86, the same code in Node and in the browser. Waiting is driven by v86's own
 * run loop: after every slice the pending probes run, so an answer is seen within one slice of the
 * guest writing it and no polling timer is involved; while a probe is pending the slices run back to
 * back (emu/host-stepper.ts). Memory is read through plain views of the wasm memory
 * (emu/wasm-views.ts); without a screen element nothing is drawn (emu/headless-vga.ts).
 */
import { V86, type V86Options } from "v86";
import { skipTextRendering } from "./headless-vga.js";
import { HostStepper } from "./host-stepper.js";
import { isNode, shareWakeUpTimer } from "./tick-timer.js";
import { documentVisibility, wakeFromPageTimer } from "./page-wake-timer.js";
import type { CpuDebug } from "./cpu-debug.js";
import { createCpuDebug } from "./v86-cpu-debug.js";
import { pageGlobals } from "./host-globals.js";
import { formatScreenDump } from "./screen-dump.js";
import type {
  GuestMemory,
  Machine,
  MachineOptions,
  MachineSnapshot,
  MachineStats,
  TextCells,
  TextScreen,
  WaitOptions,
} from "./types.js";
import { withInternals, type V86WithInternals } from "./v86-internals.js";
import { StateMemoryError, stateMemoryBytes } from "./v86-state.js";
import { V86Keyboard } from "./v86-keyboard.js";
import { V86Mouse } from "./v86-mouse.js";
import { readTextCells, readTextScreen } from "./vga-text.js";
import { paceScreen } from "./screen-pacing.js";
import { Throttle } from "./throttle.js";
import { SliceWaiters } from "./waiters.js";
import { WasmViews } from "./wasm-views.js";
import { FLOPPY_BYTES } from "./floppy.js";

/**
 * 16 MiB, as every earlier release: saved states keep loading (a state restores only into a machine of
 * its own memory size). 2 MiB would make a restore about 70 ms quicker (v86 zeroes all memory before
 * unpacking a state), but then the 4.77 MHz speed limit let SeaBIOS's start-up run at 0.5-0.6 MIPS
 * instead of 0.33 in the page (tests/browser/machine.test.ts). In Node the same 8 s windows read
 * 0.34-0.36 MIPS at 2 MiB and 0.35-0.38 at 16 MiB, with v86 slices of up to 800,000 instructions
 * (2.4 s at 0.33 MIPS): a window's reading depends on where the slices fall, which is the likely
 * cause; not confirmed in the page, so not taken.
 */
const DEFAULT_MEMORY_MIB = 16;
const MIB = 1024 * 1024;
const DEFAULT_INPUT_TIMEOUT_MS = 10_000;
/** The smallest VGA memory v86 allows; text mode needs no more, and it keeps snapshots small. */
const VGA_MEMORY_BYTES = 256 * 1024;

export async function createMachine(options: MachineOptions): Promise<Machine> {
  if (options.floppy.byteLength !== FLOPPY_BYTES) {
    throw new Error(
      `the floppy image has ${options.floppy.byteLength} bytes; a 1.44 MB floppy has ${FLOPPY_BYTES}`,
    );
  }
  const emulator = new V86({
    wasm_path: options.wasmPath,
    // WasmImports/WasmExports are v86's WebAssembly.Imports/Exports spelled without the DOM library.
    wasm_fn: options.instantiateWasm as V86Options["wasm_fn"],
    memory_size: (options.memoryMiB ?? DEFAULT_MEMORY_MIB) * MIB,
    vga_memory_size: VGA_MEMORY_BYTES,
    bios: { buffer: copyBuffer(options.bios) },
    vga_bios: { buffer: copyBuffer(options.vgaBios) },
    fda: { buffer: copyBuffer(options.floppy) },
    boot_order: 0x321,
    fastboot: true,
    autostart: false,
    disable_keyboard: !options.userInput,
    disable_mouse: !options.userInput,
    disable_speaker: true,
    disable_jit: options.jit === false,
    screen: options.screenContainer ? { container: options.screenContainer } : {},
  });
  await new Promise<void>((resolve) => emulator.add_listener("emulator-loaded", () => resolve()));
  const internals = withInternals(emulator);
  // v86 has no option for it: unplugging is its 8042's flag, set before the BIOS runs.
  if (options.ps2Mouse === false) internals.v86.cpu.devices.ps2.have_mouse = false;
  if (!options.screenContainer) skipTextRendering(internals.v86.cpu.devices.vga);
  if (options.screenContainer && internals.screen_adapter)
    paceScreen(internals.screen_adapter, options.onScreenFrame ?? (() => undefined));
  const machine = new V86Machine(
    internals,
    options.memoryMiB ?? DEFAULT_MEMORY_MIB,
    options.inputTimeoutMs ?? DEFAULT_INPUT_TIMEOUT_MS,
  );
  if (options.paused !== true) await emulator.run();
  return machine;
}

function copyBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer;
}

class V86Machine implements Machine {
  readonly memory: GuestMemory;
  readonly keyboard: V86Keyboard;
  readonly mouse: V86Mouse;
  private readonly waiters = new SliceWaiters(
    () => this.screenText(),
    () => this.stepper.kick(),
  );
  readonly debug: CpuDebug;
  /** The debug listeners run after every slice (CpuDebug.onSliceEnd). */
  private readonly sliceEnd = new Set<() => void>();
  private readonly counter = new InstructionCounter();
  private readonly views: WasmViews;
  private readonly stepper: HostStepper;
  private jitCompilations = 0;
  private readonly stopWakeUpTimer: () => void;
  private readonly throttle = new Throttle();
  private destroyed = false;

  constructor(
    private readonly emulator: V86WithInternals,
    private readonly memoryMiB: number,
    inputTimeoutMs: number,
  ) {
    const loop = emulator.v86;
    this.views = new WasmViews(loop.cpu);
    this.memory = this.views;
    this.debug = createCpuDebug(emulator, this.sliceEnd);
    this.stepper = new HostStepper(loop, this.views, {
      afterSlice: () => {
        this.counter.sample(this.views.instructionCounter());
        for (const listener of this.sliceEnd) listener();
        this.waiters.check();
      },
      hasWaiters: () => this.waiters.hasPending(),
      // The speed limit (4.77 MHz mode) stretches v86's delay before the next slice.
      delay: (delayMs) =>
        this.throttle.limitMips === undefined
          ? delayMs
          : this.throttle.delay(delayMs, performance.now(), this.instructionCount()),
      throttled: () => this.throttle.limitMips !== undefined,
    });
    this.stopWakeUpTimer = isNode()
      ? shareWakeUpTimer(loop)
      : wakeFromPageTimer(loop, documentVisibility(pageGlobals().document));
    loop.cpu.test_hook_did_finalize_wasm = () => {
      this.jitCompilations++;
    };
    const port = {
      bus: emulator.bus,
      ps2: loop.cpu.devices.ps2,
      memory: this.memory,
      inputTimeoutMs,
      waitFor: <T>(probe: () => T | undefined | false, options: WaitOptions) => this.waitFor(probe, options),
      screenText: () => this.screenText(),
    };
    this.keyboard = new V86Keyboard(port);
    this.mouse = new V86Mouse(port);
  }

  screen(): TextScreen {
    return readTextScreen(this.emulator.v86.cpu.devices.vga);
  }

  textCells(): TextCells {
    return readTextCells(this.emulator.v86.cpu.devices.vga);
  }

  screenText(): string {
    return formatScreenDump(this.screen());
  }

  halted(): boolean {
    return this.views.halted();
  }

  instructionCount(): number {
    return this.counter.sample(this.views.instructionCounter());
  }

  stats(): MachineStats {
    const loop = this.stepper.runLoopTotals();
    return {
      instructions: this.instructionCount(),
      runLoopMs: loop.ms,
      slices: loop.slices,
      jitCompilations: this.jitCompilations,
    };
  }

  waitFor<T>(probe: () => T | undefined | false, options: WaitOptions): Promise<T> {
    if (this.destroyed) return Promise.reject(new Error("waitFor on a destroyed machine"));
    return this.waiters.wait(probe, options);
  }

  isPaused(): boolean {
    return !this.emulator.is_running();
  }

  async pause(): Promise<void> {
    await this.emulator.stop();
  }

  async resume(): Promise<void> {
    if (this.destroyed || this.emulator.is_running()) return;
    this.throttle.restart(performance.now(), this.instructionCount());
    await this.emulator.run();
  }

  speedLimit(): number | undefined {
    return this.throttle.limitMips;
  }

  setSpeedLimit(mips: number | undefined): void {
    this.throttle.set(mips, performance.now(), this.instructionCount());
    // Wake a loop sleeping under the old limit.
    if (this.emulator.is_running()) this.emulator.v86.next_tick(0);
  }

  async snapshot(): Promise<MachineSnapshot> {
    return { state: await this.emulator.save_state() };
  }

  async restore(snapshot: MachineSnapshot): Promise<void> {
    const memory = stateMemoryBytes(snapshot.state);
    if (memory !== undefined && memory !== this.memoryMiB * MIB)
      throw new StateMemoryError(memory / MIB, this.memoryMiB);
    await this.emulator.restore_state(snapshot.state);
    this.throttle.restart(performance.now(), this.instructionCount());
    // The loop may be sleeping until a timer of the old state; run the restored state now.
    if (this.emulator.is_running()) this.emulator.v86.next_tick(0);
  }

  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    this.waiters.failAll(new Error("the machine was destroyed while waiting"));
    await this.emulator.destroy();
    this.stopWakeUpTimer();
  }
}

/**
 * v86 counts instructions in 32 bits; this extends the count past 2^32 by sampling every slice. The
 * counter is not part of v86's saved state, so a restore does not rewind it.
 */
class InstructionCounter {
  private high = 0;
  private last = 0;

  sample(low: number): number {
    if (low < this.last) this.high += 2 ** 32;
    this.last = low;
    return this.high + low;
  }
}
