/**
 * embed.html: the page's own script and markup (web/index.html) marked `<html data-embed>`, a compact
 * layout (web/style.css) that starts what its URL parameters ask for and posts its messages to the
 * parent window (web/embed/embed-bridge.ts). Opened on its own (no parent) it plays and posts nothing.
 */
import { EmbedBridge, type EmbedApp } from "./embed-bridge.js";
import { readEmbedRequest } from "./embed-request.js";
import { envelope, type EmbedEvent } from "./messages.js";

/** Whether this page is embed.html. */
export function isEmbedPage(): boolean {
  return document.documentElement.dataset.embed !== undefined;
}

/**
 * Reads the frame's parameters and connects the bridge to `app` (before the App boots); bad
 * parameters are posted as an error and shown by `fail`, and the page stays at the game's menu.
 */
export function startEmbed(app: EmbedApp, fail: (title: string, detail: string) => void): void {
  const read = readEmbedRequest(location.search);
  const origin = read.kind === "ok" ? read.request.parentOrigin : "*";
  const post = (event: EmbedEvent): void => {
    if (window.parent !== window) window.parent.postMessage(envelope(event), origin);
  };
  if (read.kind === "bad") {
    post({ type: "error", message: read.message });
    fail("The embedded game's parameters cannot be used", read.message);
    return;
  }
  new EmbedBridge(read.request, post).connect(app);
}
