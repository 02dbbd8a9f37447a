/** The small notice the offline support shows at the bottom of the page (web/offline/notice.css). */
import { actionButton, el } from "../dom.js";

/** Shows `text` with a Dismiss button (and a Reload button when `offerReload`); a newer notice replaces an older one. */
export function showUpdateNotice(text: string, offerReload: boolean): void {
  document.querySelector(".update-notice")?.remove();
  const notice = el("div", "update-notice", undefined, { role: "status" });
  notice.append(el("span", undefined, text));
  if (offerReload) notice.append(actionButton("Reload", "Load the new version now", () => location.reload()));
  notice.append(actionButton("Dismiss", "Hide this notice", () => notice.remove()));
  document.body.append(notice);
}
