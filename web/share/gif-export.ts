/**
 * An animated GIF of a game: one frame a kept ply of the timeline, each the emulated PC's text screen
 * as it was when the ply was kept (web/timeline/timeline.ts), drawn by the caller as the screenshot
 * draws it (web/screenshot.ts) in the 16 VGA colours, and encoded with gifenc. A frame after the first
 * keeps only the pixels that changed (the rest transparent over the frame before), so a 40-stone game
 * stays far under 1 MB. Loaded by the page only when a GIF is asked for (it imports no module of the
 * page, so the page's own script needs no shared chunk).
 */
// The package's ES module build: its "browser" field names the CommonJS one, whose interop helpers
// esbuild would put into a chunk shared with (and loaded before) the page's own script.
import { applyPalette, GIFEncoder, type Palette } from "gifenc/dist/gifenc.esm.js";

/** ms each ply stays; the last one stays longer before the loop starts again. */
const PLY_MS = 800;
const LAST_MS = 3000;

/**
 * `frames` (drawn in `colours`, "#rrggbb" each, at most 16) as an animated GIF that loops for ever.
 */
export function framesToGif(frames: readonly HTMLCanvasElement[], colours: readonly string[]): Uint8Array {
  if (frames.length === 0) throw new Error("there is no ply to draw");
  const rgb = colours.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
  // The colours, then an entry for "unchanged" (transparent), padded to 32 (a power of two).
  const palette: Palette = [...rgb, ...Array.from({ length: 32 - rgb.length }, () => [0, 0, 0])];
  const unchanged = rgb.length;
  const encoder = GIFEncoder();
  let before: Uint8Array | undefined;
  for (const [i, canvas] of frames.entries()) {
    const g = canvas.getContext("2d");
    if (!g) throw new Error("this browser cannot draw into a canvas");
    const pixels = applyPalette(g.getImageData(0, 0, canvas.width, canvas.height).data, rgb);
    const frame = pixels.slice();
    if (before) for (let p = 0; p < frame.length; p++) if (frame[p] === before[p]) frame[p] = unchanged;
    encoder.writeFrame(frame, canvas.width, canvas.height, {
      palette: before ? undefined : palette,
      delay: i === frames.length - 1 ? LAST_MS : PLY_MS,
      transparent: before !== undefined,
      transparentIndex: unchanged,
      dispose: 1,
    });
    before = pixels;
  }
  encoder.finish();
  return encoder.bytes();
}
