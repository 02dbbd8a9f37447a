/** Entry of the page: checks what the browser must have, then starts the App; failures show in the error box. */
import { App } from "./app.js";
import { AssetError } from "./assets.js";
import { loadBootFiles } from "./boot.js";
import { createHelpOverlay } from "./controls/help-overlay.js";
import { attachMoveEntry } from "./controls/move-entry.js";
import { attachShortcuts, type Action } from "./controls/shortcuts.js";
import { attachToolbar, type Toolbar } from "./controls/toolbar.js";
import { byId } from "./dom.js";
import { isEmbedPage, startEmbed } from "./embed/embed-page.js";
import { createErrorBox } from "./error-box.js";
import { messageOf } from "../util/error-message.js";
import { startOffline } from "./offline/offline.js";
import { createStatusLine } from "./status.js";

performance.mark("piskasm:script-start");
const status = createStatusLine();
const errors = createErrorBox();

function fail(title: string, error: unknown, hint?: string): void {
  status.error(`${title}: ${messageOf(error)}`);
  errors.show(title, error, hint);
}

window.addEventListener("unhandledrejection", (event) => fail("Unexpected error", event.reason));
window.addEventListener("error", (event) => fail("Unexpected error", event.error ?? event.message));
startOffline();

if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
  fail(
    "This browser has no WebAssembly",
    "v86 runs the PC in WebAssembly, which this browser does not provide (or has disabled).",
    "Use a current Chromium, Firefox or Safari with WebAssembly enabled.",
  );
} else {
  // Asked for before anything else is set up: the page's own start-up runs while the files arrive.
  const files = loadBootFiles(status);
  let toolbar: Toolbar | undefined;
  // No hover and a coarse pointer: a phone or a tablet without a keyboard, where hints name taps.
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
  const app = new App({ status, errors, toolbar: (handlers) => (toolbar = attachToolbar(handlers)), touch });
  if (isEmbedPage()) startEmbed({ game: app.game, history: app.panels.history }, fail);
  const help = createHelpOverlay();
  const moveInput = attachMoveEntry((text) => app.playNamed(text));
  const actions: Record<Action, () => void> = {
    help: () => help.open(),
    newHuman: () => byId("btn-new-human", HTMLButtonElement).click(),
    newComputer: () => byId("btn-new-computer", HTMLButtonElement).click(),
    seed: () => toolbar?.focusSeed(),
    move: () => moveInput.focus(),
    giveUp: () => app.giveUp(),
    pause: () => app.togglePause(),
    speed: () => toolbar?.setSpeed(toolbar.speed() === "full" ? "4.77" : "full"),
    reset: () => app.reset(),
    fullscreen: () => app.fullscreen(),
    screenshot: () => app.screenshot(),
    save: () => app.saveState(),
    load: () => toolbar?.openStateFile(),
  };
  attachShortcuts(
    (action) => actions[action](),
    byId("screen", HTMLDivElement),
    (code) => app.menuKey(code),
  );
  app.start(files).catch((error: unknown) => {
    const hint =
      error instanceof AssetError
        ? "Build the page with `make` (it puts v86.wasm, the BIOS files and build/piskasm.img into build/web), then reload."
        : "Reload the page; if it happens again, the browser console has the details.";
    fail(error instanceof AssetError ? "A file failed to load" : "The emulator failed to start", error, hint);
  });
}
