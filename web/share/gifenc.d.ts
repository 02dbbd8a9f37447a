/** The part of gifenc (a package without types) that web/share/gif-export.ts uses, from its ES module build. */
declare module "gifenc/dist/gifenc.esm.js" {
  export type Palette = number[][];
  export interface FrameOptions {
    palette?: Palette;
    /** ms this frame stays. */
    delay?: number;
    /** -1 once, 0 for ever, n times. */
    repeat?: number;
    transparent?: boolean;
    transparentIndex?: number;
    /** GIF disposal method (1: keep this frame under the next one). */
    dispose?: number;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(options?: { initialCapacity?: number }): Encoder;
  /** Each RGBA pixel's nearest palette entry. */
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: Palette,
    format?: "rgb565" | "rgb444" | "rgba4444",
  ): Uint8Array;
}
