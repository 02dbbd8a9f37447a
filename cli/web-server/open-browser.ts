import { spawn } from "node:child_process";
import { findOnPath } from "../../util/on-path.js";

/**
 * Asks the desktop to open `url` with xdg-open when there is one. Returns a sentence for the user
 * saying what happened; never throws, since the URL is printed anyway.
 */
export function openInBrowser(url: string): string {
  const opener = findOnPath("xdg-open");
  if (!opener) return "no xdg-open here: open the URL above in a browser";
  const child = spawn(opener, [url], { stdio: "ignore", detached: true });
  child.on("error", (error) => console.error(`piskasm serve: xdg-open failed: ${error.message}`));
  child.unref();
  return "asked xdg-open to open it";
}
