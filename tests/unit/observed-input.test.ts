/**
 * The tapped devices tell the checker each input after the device delivered it; when the checker
 * refuses one part of an act (a key's first byte, a click's press), the rest of the act still reaches
 * the device, so the emulated keyboard and mouse are whole for the next game, and the refusal is what
 * the caller gets.
 */
import { describe, expect, it } from "vitest";
import type { Keyboard, Machine, Mouse } from "../../emu/types.js";
import { InputTap, tappedMachine } from "../../guest/observed-input.js";

/** A keyboard and a mouse that only record what reaches them. */
function recordingDevices(): { machine: Machine; sent: string[] } {
  const sent: string[] = [];
  const keyboard: Keyboard = {
    type: async (text) => void sent.push(`text ${text}`),
    sendScancodes: async (codes) => void sent.push(...codes.map((c) => `key ${c.toString(16)}`)),
    typeAhead: async (codes) => void sent.push(`ahead ${codes.length}`),
  };
  const mouse: Mouse = {
    sendDelta: async () => void sent.push("delta"),
    moveToCell: async () => void sent.push("move"),
    press: async (button = "left") => void sent.push(`press ${button}`),
    release: async (button = "left") => void sent.push(`release ${button}`),
    clickCell: async () => void sent.push("click"),
  };
  return { machine: { keyboard, mouse } as unknown as Machine, sent };
}

/** A tap whose listener refuses the `nth` input (1-based). */
function refusingTap(nth: number): InputTap {
  const tap = new InputTap();
  tap.listen(async () => {
    if (tap.count === nth) throw new Error(`input ${nth} refused`);
  });
  return tap;
}

describe("a tapped device whose input the checker refuses", () => {
  it("sends the rest of a grey key after its refused E0 byte and throws the refusal", async () => {
    const { machine, sent } = recordingDevices();
    const tapped = tappedMachine(machine, refusingTap(1));
    await expect(tapped.keyboard.sendScancodes([0xe0, 0x48, 0xe0, 0xc8])).rejects.toThrow("input 1 refused");
    expect(sent).toEqual(["key e0", "key 48", "key e0", "key c8"]);
  });

  it("sends a key's every byte once when none is refused", async () => {
    const { machine, sent } = recordingDevices();
    const tapped = tappedMachine(machine, new InputTap());
    await tapped.keyboard.sendScancodes([0x1c, 0x9c]);
    expect(sent).toEqual(["key 1c", "key 9c"]);
  });

  it("lets go of the button after a refused press and throws the refusal", async () => {
    const { machine, sent } = recordingDevices();
    const tapped = tappedMachine(machine, refusingTap(2));
    await expect(tapped.mouse.clickCell(3, 4, "right")).rejects.toThrow("input 2 refused");
    expect(sent).toEqual(["move", "press right", "release right"]);
  });
});
