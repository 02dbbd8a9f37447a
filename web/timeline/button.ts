import { el } from "../dom.js";

/** A `type=button` button with a tooltip that runs `action` when clicked. */
export function actionButton(text: string, title: string, action: () => void): HTMLButtonElement {
  const b = el("button", undefined, text);
  b.type = "button";
  b.title = title;
  b.addEventListener("click", action);
  return b;
}
