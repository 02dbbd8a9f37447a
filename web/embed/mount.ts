/**
 * The game on another site, for pages that bundle this module (`import { mount } from
 * "piskasm/embed"`): an iframe of the site's embed.html asked for a seed, a first player or a
 * read-only record, and the frame's messages (web/embed/messages.ts), checked, handed to callbacks.
 * The emulator runs in the frame, from the site's own files; nothing of it runs in the host page.
 */
import {
  readEmbedMessage,
  type EmbedMessage,
  type ErrorMessage,
  type GameOverMessage,
  type MoveMessage,
  type ReadyMessage,
} from "./messages.js";
import { embedSearch, type EmbedParams } from "./params.js";

export type { EmbedMessage, ErrorMessage, GameOverMessage, MoveMessage, ReadyMessage } from "./messages.js";
export { EMBED_SCHEMA_VERSION, readEmbedMessage } from "./messages.js";

export interface MountOptions extends Omit<EmbedParams, "parent"> {
  /** The address of the site's embed.html, e.g. "https://example.org/piskasm/embed.html". */
  src: string;
  /** The frame's accessible name (default "PISKASM gomoku"). */
  title?: string;
  onReady?(message: ReadyMessage): void;
  onMove?(message: MoveMessage): void;
  onGameOver?(message: GameOverMessage): void;
  onError?(message: ErrorMessage): void;
  /** Every checked message, of any type. */
  onMessage?(message: EmbedMessage): void;
}

export interface MountedGame {
  readonly iframe: HTMLIFrameElement;
  /** Stops listening and removes the frame. */
  destroy(): void;
}

/** Puts the game into `element` (appended) and listens to it until destroy(). */
export function mount(element: HTMLElement, options: MountOptions): MountedGame {
  const url = new URL(options.src, document.baseURI);
  url.search = embedSearch({ ...options, parent: location.origin });
  const iframe = document.createElement("iframe");
  iframe.src = url.href;
  iframe.title = options.title ?? "PISKASM gomoku";
  iframe.allow = "fullscreen";
  iframe.style.border = "0";
  iframe.style.width = "100%";
  iframe.style.aspectRatio = "4 / 3";
  const listener = (event: MessageEvent<unknown>): void => {
    if (event.source !== iframe.contentWindow || event.origin !== url.origin) return;
    const message = readEmbedMessage(event.data);
    if (typeof message === "string") {
      console.warn(`piskasm: a message from the embedded game was dropped: ${message}`);
      return;
    }
    options.onMessage?.(message);
    if (message.type === "ready") options.onReady?.(message);
    else if (message.type === "move") options.onMove?.(message);
    else if (message.type === "gameover") options.onGameOver?.(message);
    else options.onError?.(message);
  };
  window.addEventListener("message", listener);
  element.append(iframe);
  return {
    iframe,
    destroy: () => {
      window.removeEventListener("message", listener);
      iframe.remove();
    },
  };
}
