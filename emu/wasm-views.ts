/**
 * Plain typed-array views of v86's wasm memory: guest RAM, the HLT flag and the instruction counter.
 * v86's own `mem8`, `in_hlt` and `instruction_counter` are Proxies that build a new typed array on every
 * access; these are built once and again only when the wasm memory has grown. Growing detaches the old
 * buffer, and a detached view reads as empty (undefined elements, length 0): that is the signal to
 * rebuild, so the common read costs no extra check.
 */
import type { GuestMemory } from "./types.js";
import type { V86Cpu } from "./v86-internals.js";

export class WasmViews implements GuestMemory {
  private ram: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private haltFlag: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private counter: Uint32Array<ArrayBuffer> = new Uint32Array(0);

  constructor(private readonly cpu: V86Cpu) {
    this.refresh();
  }

  readU8(linear: number): number {
    const value = this.ram[linear];
    if (value !== undefined || this.ram.length > 0) return value;
    this.refresh();
    return this.ram[linear];
  }

  readU16(linear: number): number {
    return this.readU8(linear) | (this.readU8(linear + 1) << 8);
  }

  read(linear: number, length: number): Uint8Array {
    if (this.ram.length === 0) this.refresh();
    return this.ram.slice(linear, linear + length);
  }

  view(linear: number, length: number): Uint8Array {
    if (this.ram.length === 0) this.refresh();
    return this.ram.subarray(linear, linear + length);
  }

  /** True while the guest sits in HLT. */
  halted(): boolean {
    if (this.haltFlag.length === 0) this.refresh();
    return this.haltFlag[0] !== 0;
  }

  /** v86's 32-bit instruction counter (wraps). */
  instructionCounter(): number {
    if (this.counter.length === 0) this.refresh();
    return this.counter[0];
  }

  private refresh(): void {
    const { buffer } = this.cpu.wasm_memory;
    const { mem8, in_hlt, instruction_counter } = this.cpu;
    this.ram = new Uint8Array(buffer, mem8.byteOffset, mem8.length);
    this.haltFlag = new Uint8Array(buffer, in_hlt.byteOffset, 1);
    this.counter = new Uint32Array(buffer, instruction_counter.byteOffset, 1);
  }
}
