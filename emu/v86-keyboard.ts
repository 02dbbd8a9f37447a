import type { InputPort } from "./input-port.js";
import { charScancodes } from "./scancodes.js";
import type { Keyboard } from "./types.js";

/** Keyboard through the emulated 8042: each step waits until the guest has read every byte. */
export class V86Keyboard implements Keyboard {
  constructor(private readonly port: InputPort) {}

  async type(text: string): Promise<void> {
    for (const char of text) await this.sendScancodes(charScancodes(char));
  }

  typeAhead(codes: readonly number[]): Promise<void> {
    return this.sendScancodes(codes);
  }

  async sendScancodes(codes: readonly number[]): Promise<void> {
    for (const code of codes) {
      if (!Number.isInteger(code) || code < 0 || code > 0xff)
        throw new Error(`scancode out of range: ${code}`);
    }
    for (const code of codes) this.port.bus.send("keyboard-code", code);
    const ps2 = this.port.ps2;
    await this.port.waitFor(
      () => ps2.kbd_buffer.length === 0 && !(ps2.next_byte_is_ready && !ps2.next_byte_is_aux),
      {
        timeoutMs: this.port.inputTimeoutMs,
        what: `the guest to read scancodes ${codes.map((c) => c.toString(16).padStart(2, "0")).join(" ")}`,
      },
    );
  }
}
