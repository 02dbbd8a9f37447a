import { messageOf } from "../util/error-message.js";
import { byId } from "./dom.js";

/** A readable failure over the screen area instead of a blank page. */
export interface ErrorBox {
  show(title: string, error: unknown, hint?: string): void;
  hide(): void;
}

export function createErrorBox(): ErrorBox {
  const box = byId("error", HTMLDivElement);
  const title = byId("error-title", HTMLHeadingElement);
  const text = byId("error-text", HTMLPreElement);
  const hint = byId("error-hint", HTMLParagraphElement);
  byId("error-close", HTMLButtonElement).addEventListener("click", () => {
    box.hidden = true;
  });
  return {
    show(heading, error, help) {
      title.textContent = heading;
      text.textContent = messageOf(error);
      hint.textContent = help ?? "";
      box.hidden = false;
      console.error(heading, error);
    },
    hide() {
      box.hidden = true;
    },
  };
}
