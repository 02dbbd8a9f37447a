/**
 * assets.json: the names under which the server hands out the page's big files. Every name but
 * assets.json itself carries its content's hash, so browsers keep those files for good.
 */
export const ASSET_MANIFEST_URL = "assets.json";

export interface AssetManifest {
  wasm: string;
  bios: string;
  vgaBios: string;
  /** The default floppy: the image itself, or (from the static site) zero-block-packed (util/sparse-bytes.ts). */
  floppy: string;
  /**
   * The default floppy's machine saved at the game's menu, plain or packed as the floppy (and against
   * `bios` and `vgaBios`, in this order, whose copies in the PC's memory it leaves out); null when the
   * server made none.
   */
  menuState: string | null;
}

/** What scripts/bundle.mjs writes into build/web/bundle-assets.json (the server adds the rest). */
export type BundleAssets = Omit<AssetManifest, "menuState">;
