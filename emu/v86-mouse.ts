import type { InputPort } from "./input-port.js";
import { readMouseDriverState, type MouseDriverState } from "./mouse-header.js";
import type { Mouse, MouseButton } from "./types.js";

const MAX_DELTA = 127;
const MAX_MOVE_STEPS = 48;
/** Host units per pointer pixel MOUSE.COM uses by default (1 mickey per pixel across, 2 down). */
const INITIAL_GAIN = { x: 1, y: 2 };
const GAIN_LIMITS = { min: 0.125, max: 16 };

/**
 * moveToCell's packets did not bring the pointer onto its cell: something else moves it (MOUSE.COM
 * moves it by the packets alone, within the screen).
 */
export class PointerAstrayError extends Error {
  constructor(
    readonly col: number,
    readonly row: number,
    /** Where the pointer is after the last packet (pixels). */
    readonly x: number,
    readonly y: number,
    screen: string,
  ) {
    super(
      `moveToCell(${col}, ${row}) did not converge in ${MAX_MOVE_STEPS} packets; pointer at (${x}, ${y}) pixels; the screen:\n${screen}`,
    );
    this.name = "PointerAstrayError";
  }
}

/**
 * Mouse through the emulated PS/2 device. Every packet waits until the guest has taken it: until
 * MOUSE.COM's packet counter moves when the driver is resident, else until the 8042 queue is empty.
 */
export class V86Mouse implements Mouse {
  private readonly buttons = { left: false, middle: false, right: false };

  constructor(private readonly port: InputPort) {}

  async sendDelta(dx: number, dy: number): Promise<void> {
    for (const d of [dx, dy]) {
      if (!Number.isInteger(d) || Math.abs(d) > MAX_DELTA)
        throw new Error(`mouse delta out of range -127..127: ${d}`);
    }
    // PS/2 reports y positive upwards; the API's dy is positive downwards.
    await this.sendPacket("mouse-delta", [dx, -dy], `mouse movement (${dx}, ${dy})`);
  }

  press(button: MouseButton = "left"): Promise<void> {
    return this.setButton(button, true);
  }

  release(button: MouseButton = "left"): Promise<void> {
    return this.setButton(button, false);
  }

  async clickCell(col: number, row: number, button: MouseButton = "left"): Promise<void> {
    await this.moveToCell(col, row);
    await this.press(button);
    await this.release(button);
  }

  async moveToCell(col: number, row: number): Promise<void> {
    if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || col > 79 || row < 0 || row > 24) {
      throw new Error(`moveToCell: no text cell (${col}, ${row})`);
    }
    const gain = { ...INITIAL_GAIN };
    let state = this.driverState();
    for (let step = 0; step < MAX_MOVE_STEPS; step++) {
      const errX = state.x >> 3 === col ? 0 : col * 8 + 4 - state.x;
      const errY = state.y >> 3 === row ? 0 : row * 8 + 4 - state.y;
      if (errX === 0 && errY === 0) return;
      const dx = units(errX, gain.x);
      const dy = units(errY, gain.y);
      await this.sendDelta(dx, dy);
      const next = this.driverState();
      gain.x = learnedGain(gain.x, dx, next.x - state.x);
      gain.y = learnedGain(gain.y, dy, next.y - state.y);
      state = next;
    }
    throw new PointerAstrayError(col, row, state.x, state.y, this.port.screenText());
  }

  private async setButton(button: MouseButton, down: boolean): Promise<void> {
    this.buttons[button] = down;
    const { left, middle, right } = this.buttons;
    await this.sendPacket(
      "mouse-click",
      [left, middle, right],
      `mouse ${button} ${down ? "press" : "release"}`,
    );
  }

  private driverState(): MouseDriverState {
    const state = readMouseDriverState(this.port.memory);
    if (!state) {
      throw new Error(
        `MOUSE.COM is not resident (no MOUSDBG1 header at the INT 33h vector); the screen:\n${this.port.screenText()}`,
      );
    }
    return state;
  }

  private async sendPacket(event: string, value: readonly unknown[], what: string): Promise<void> {
    const ps2 = this.port.ps2;
    if (!ps2.use_mouse || !ps2.enable_mouse_stream) {
      throw new Error(
        `cannot send ${what}: the guest has not enabled the PS/2 mouse; the screen:\n${this.port.screenText()}`,
      );
    }
    const before = readMouseDriverState(this.port.memory)?.packets;
    this.port.bus.send(event, value);
    await this.port.waitFor(
      () => {
        if (ps2.mouse_buffer.length > 0 || (ps2.next_byte_is_ready && ps2.next_byte_is_aux)) return false;
        return before === undefined || readMouseDriverState(this.port.memory)?.packets !== before;
      },
      { timeoutMs: this.port.inputTimeoutMs, what: `the guest to take the ${what}` },
    );
  }
}

function units(errorPixels: number, gain: number): number {
  if (errorPixels === 0) return 0;
  const raw = Math.round(errorPixels * gain);
  const atLeastOne = raw === 0 ? Math.sign(errorPixels) : raw;
  return Math.max(-MAX_DELTA, Math.min(MAX_DELTA, atLeastOne));
}

/** Re-estimate units per pixel from one packet's effect; keep the old estimate when nothing moved. */
function learnedGain(gain: number, sent: number, movedPixels: number): number {
  if (sent === 0 || movedPixels === 0 || Math.sign(sent) !== Math.sign(movedPixels)) return gain;
  return Math.max(GAIN_LIMITS.min, Math.min(GAIN_LIMITS.max, sent / movedPixels));
}
