/**
 * Plain typed-array views of v86's wasm memory: guest RAM, the HLT flag and the instruction counter.
 * v86's own `mem8`, `in_hlt` and `instruction_counter` are Proxies that build a new typed array on every
 * access; these are built once and again only when the wasm memory has grown (which detaches the old
 * buffer, so its views read as empty).
 */
import type { GuestMemory } from "./types.js";
import type { V86Cpu } from "./v86-internals.js";

export class WasmViews {
  private ramView: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private haltView: Uint8Array<ArrayBuffer> = new Uint8Array(0);
  private counterView: Uint32Array<ArrayBuffer> = new Uint32Array(0);

  constructor(private readonly cpu: V86Cpu) {
    this.refresh();
  }

  /** Guest RAM from linear address 0. */
  get ram(): Uint8Array<ArrayBuffer> {
    if (this.ramView.byteLength === 0) this.refresh();
    return this.ramView;
  }

  /** True while the guest sits in HLT. */
  halted(): boolean {
    if (this.haltView.byteLength === 0) this.refresh();
    return this.haltView[0] !== 0;
  }

  /** v86's 32-bit instruction counter (wraps). */
  instructionCounter(): number {
    if (this.counterView.byteLength === 0) this.refresh();
    return this.counterView[0];
  }

  private refresh(): void {
    const { buffer } = this.cpu.wasm_memory;
    const { mem8, in_hlt, instruction_counter } = this.cpu;
    this.ramView = new Uint8Array(buffer, mem8.byteOffset, mem8.length);
    this.haltView = new Uint8Array(buffer, in_hlt.byteOffset, 1);
    this.counterView = new Uint32Array(buffer, instruction_counter.byteOffset, 1);
  }
}

/** GuestMemory over the RAM view: reads are plain array indexing. */
export function viewMemory(views: WasmViews): GuestMemory {
  return {
    read: (linear, length) => views.ram.slice(linear, linear + length),
    readU8: (linear) => views.ram[linear],
    readU16: (linear) => {
      const ram = views.ram;
      return ram[linear] | (ram[linear + 1] << 8);
    },
  };
}
