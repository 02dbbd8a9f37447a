import { byId } from "./dom.js";

/** The one-line status in the top bar: busy (with optional progress 0..1), ready, or error. */
export interface StatusLine {
  busy(text: string, fraction?: number): void;
  ready(text: string): void;
  error(text: string): void;
}

export function createStatusLine(): StatusLine {
  const root = byId("status", HTMLDivElement);
  const text = byId("status-text", HTMLSpanElement);
  const progress = byId("status-progress", HTMLProgressElement);
  const set = (state: "busy" | "ready" | "error", message: string): void => {
    root.dataset.state = state;
    text.textContent = message;
    text.title = message;
  };
  return {
    busy(message, fraction) {
      set("busy", message);
      if (fraction === undefined) progress.removeAttribute("value");
      else progress.value = Math.max(0, Math.min(1, fraction));
    },
    ready: (message) => set("ready", message),
    error: (message) => set("error", message),
  };
}
