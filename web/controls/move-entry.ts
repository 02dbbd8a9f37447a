/** "Your move": a cell name typed under the screen, played through the same mouse path as a click. */
import { byId } from "../dom.js";

/** Returns the input, so a shortcut can focus it. */
export function attachMoveEntry(play: (text: string) => void): HTMLInputElement {
  const form = byId("move-form", HTMLFormElement);
  const input = byId("inp-move", HTMLInputElement);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value;
    if (text.trim() === "") return;
    input.value = "";
    play(text);
  });
  return input;
}
