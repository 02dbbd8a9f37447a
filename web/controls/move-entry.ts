/** "Your move": a cell name typed under the screen, played through the same mouse path as a click. */
import { byId } from "../dom.js";

/**
 * `play` answers false for a text that names no cell: it stays in the field, marked invalid and
 * selected, to be corrected. Returns the input, so a shortcut can focus it.
 */
export function attachMoveEntry(play: (text: string) => boolean): HTMLInputElement {
  const form = byId("move-form", HTMLFormElement);
  const input = byId("inp-move", HTMLInputElement);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value;
    if (text.trim() === "") return;
    if (play(text)) {
      input.value = "";
      input.removeAttribute("aria-invalid");
    } else {
      input.setAttribute("aria-invalid", "true");
      input.select();
    }
  });
  input.addEventListener("input", () => input.removeAttribute("aria-invalid"));
  return input;
}
