/** Saving bytes the page made (screenshot, machine state) as a file of the user's. */
import { el } from "./dom.js";

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = el("a", undefined, undefined, { href: url, download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `piskasm-2026-11-23-1712.EXT` in local time. */
export function stampedName(extension: string, now = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `piskasm-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.${extension}`;
}
