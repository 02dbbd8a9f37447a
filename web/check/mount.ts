/** The page's check of the whole program: the PageCheck, and its mismatch view at the top of #panel-slot. */
import { byId } from "../dom.js";
import { MismatchView } from "./mismatch-view.js";
import { PageCheck, type PageCheckHost } from "./page-check.js";

export function mountProgramCheck(host: PageCheckHost): PageCheck {
  const view = new MismatchView();
  byId("panel-slot", HTMLElement).prepend(view.root);
  return new PageCheck({
    ...host,
    changed: (status) => {
      view.show(status);
      host.changed(status);
    },
  });
}
