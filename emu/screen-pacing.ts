/**
 * v86's browser ScreenAdapter redraws from a requestAnimationFrame loop that never stops: 60 wake-ups
 * a second, also while the guest sits halted waiting for a click. Paced, it redraws only on the frame
 * after the VGA wrote a character (the game's moves, MOUSE.COM's pointer, DOS output), and calls
 * `onFrame` after each such redraw so the page can look at the guest then too.
 */
import { pageGlobals } from "./host-globals.js";
import type { V86ScreenAdapter } from "./v86-internals.js";

export function paceScreen(adapter: V86ScreenAdapter, onFrame: () => void): void {
  let frame = 0;
  let destroyed = false;
  const draw = (): void => {
    frame = 0;
    if (destroyed) return;
    adapter.update_screen();
    onFrame();
  };
  // update_screen ends by calling timer() for the next frame: nothing is scheduled unless asked for.
  adapter.timer = () => undefined;
  const putChar = adapter.put_char.bind(adapter);
  adapter.put_char = (...args) => {
    putChar(...args);
    if (frame === 0) frame = pageGlobals().requestAnimationFrame(draw);
  };
  const destroy = adapter.destroy.bind(adapter);
  adapter.destroy = () => {
    destroyed = true;
    pageGlobals().cancelAnimationFrame(frame);
    destroy();
  };
}
