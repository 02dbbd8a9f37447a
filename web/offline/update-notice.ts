/** The small notice the offline support shows at the bottom of the page (web/offline/notice.css). */
import { el } from "../dom.js";

/** Shows `text` with a Dismiss button (and a Reload button when `offerReload`); a newer notice replaces an older one. */
export function showUpdateNotice(text: string, offerReload: boolean): void {
  document.querySelector(".update-notice")?.remove();
  const notice = el("div", "update-notice");
  notice.setAttribute("role", "status");
  notice.append(el("span", undefined, text));
  if (offerReload) {
    const reload = el("button", undefined, "Reload");
    reload.type = "button";
    reload.addEventListener("click", () => window.location.reload());
    notice.append(reload);
  }
  const dismiss = el("button", undefined, "Dismiss");
  dismiss.type = "button";
  dismiss.addEventListener("click", () => notice.remove());
  notice.append(dismiss);
  document.body.append(notice);
}
