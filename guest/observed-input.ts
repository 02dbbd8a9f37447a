/**
 * Every input a GameSession sends through the emulated keyboard and mouse, told to listeners after
 * the device has delivered it (the checker settles the program, feeds its model and compares). The
 * session's machine is this wrapper, so the session's own steps, the policies' noise and a test's
 * direct key presses all pass here: no input reaches the program unseen.
 */
import type { Keyboard, Machine, Mouse, MouseButton } from "../emu/types.js";
import { PointerAstrayError } from "../emu/v86-mouse.js";

/** One input, as delivered. */
export type InputEvent =
  | { kind: "text"; text: string }
  | { kind: "scancodes"; codes: readonly number[] }
  /** Keys typed ahead (Keyboard.typeAhead): all in the BIOS buffer before the program reads one. */
  | { kind: "ahead"; codes: readonly number[] }
  /**
   * `astray`: the packets toward a text cell did not bring the pointer there (emu/v86-mouse.ts
   * PointerAstrayError): the cell and where the pointer is (pixels).
   */
  | { kind: "move"; astray?: { col: number; row: number; x: number; y: number } }
  | { kind: "press"; button: MouseButton }
  | { kind: "release"; button: MouseButton };

export type InputListener = (event: InputEvent) => Promise<void>;

/** The listeners of one session's inputs. */
export class InputTap {
  private readonly listeners: InputListener[] = [];
  /** Inputs delivered since the session opened. */
  count = 0;

  listen(listener: InputListener): void {
    this.listeners.push(listener);
  }

  async delivered(event: InputEvent): Promise<void> {
    this.count++;
    for (const listener of this.listeners) await listener(event);
  }
}

function tappedKeyboard(keyboard: Keyboard, tap: InputTap): Keyboard {
  return {
    async type(text) {
      // Key by key: the program handles each before the next arrives, as a person types.
      for (const char of text) {
        await keyboard.type(char);
        await tap.delivered({ kind: "text", text: char });
      }
    },
    async sendScancodes(codes) {
      for (const [i, code] of codes.entries()) {
        await keyboard.sendScancodes([code]);
        try {
          await tap.delivered({ kind: "scancodes", codes: [code] });
        } catch (error) {
          // One call is one key (its make and break codes, an E0 prefix among them): after a mismatch
          // (or a failure) at one of its bytes the rest is sent all the same, or the keyboard
          // controller and the BIOS would wait for the key's second byte and take the next game's
          // first key for it, as clickCell lets go of the button. What the byte said is what is told.
          await keyboard.sendScancodes(codes.slice(i + 1)).finally(() => {
            throw error;
          });
        }
      }
    },
    async typeAhead(codes) {
      await keyboard.typeAhead(codes);
      await tap.delivered({ kind: "ahead", codes });
    },
  };
}

function tappedMouse(mouse: Mouse, tap: InputTap): Mouse {
  const tapped: Mouse = {
    async sendDelta(dx, dy) {
      await mouse.sendDelta(dx, dy);
      await tap.delivered({ kind: "move" });
    },
    async moveToCell(col, row) {
      try {
        await mouse.moveToCell(col, row);
      } catch (error) {
        if (!(error instanceof PointerAstrayError)) throw error;
        // The checker says what the model expected (a listener's error comes first); else this one.
        await tap.delivered({ kind: "move", astray: { col, row, x: error.x, y: error.y } });
        throw error;
      }
      await tap.delivered({ kind: "move" });
    },
    async press(button = "left") {
      await mouse.press(button);
      await tap.delivered({ kind: "press", button });
    },
    async release(button = "left") {
      await mouse.release(button);
      await tap.delivered({ kind: "release", button });
    },
    async clickCell(col, row, button = "left") {
      await tapped.moveToCell(col, row);
      try {
        await tapped.press(button);
      } catch (error) {
        // A click is a press and a release: after a mismatch (or a failure) at the press the button is
        // let go all the same, or the driver would take the next press on this machine (the next
        // game's first click) for a button still held. What the press said is what is told.
        await mouse.release(button).finally(() => {
          throw error;
        });
      }
      await tapped.release(button);
    },
  };
  return tapped;
}

/**
 * The machine with its keyboard and mouse passing through `tap`; everything else is the machine's own,
 * forwarded member by member (a plain object: the harness reads it after every slice and every input,
 * where a Proxy's trap on each read cost more than the read).
 */
export function tappedMachine(machine: Machine, tap: InputTap): Machine {
  return {
    get memory() {
      return machine.memory;
    },
    get debug() {
      return machine.debug;
    },
    keyboard: tappedKeyboard(machine.keyboard, tap),
    mouse: tappedMouse(machine.mouse, tap),
    screen: () => machine.screen(),
    textCells: () => machine.textCells(),
    screenText: () => machine.screenText(),
    instructionCount: () => machine.instructionCount(),
    halted: () => machine.halted(),
    stats: () => machine.stats(),
    waitFor: (probe, options) => machine.waitFor(probe, options),
    isPaused: () => machine.isPaused(),
    pause: () => machine.pause(),
    resume: () => machine.resume(),
    speedLimit: () => machine.speedLimit(),
    setSpeedLimit: (mips) => machine.setSpeedLimit(mips),
    snapshot: () => machine.snapshot(),
    restore: (snapshot) => machine.restore(snapshot),
    destroy: () => machine.destroy(),
  };
}
