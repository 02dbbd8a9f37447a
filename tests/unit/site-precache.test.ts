/** What the site's service worker caches (web/offline/precache.ts): every file of the build but a few, hashed names as their own revision. */
import { describe, expect, it } from "vitest";
import { isContentHashed, precached } from "../../web/offline/precache.js";

describe("the service worker's cache plan", () => {
  it("takes a content-hashed name as its own revision, and only such names", () => {
    expect(
      ["main-72HASB4E.js", "menu-d5ef17cead.sparse", "v86-aa0d0e149d.wasm"].map(isContentHashed),
    ).toEqual([true, true, true]);
    expect(["index.html", "assets.json", "piskasm.sym.json"].map(isContentHashed)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("caches the page's files, the debugger's symbol map and the SVG icon, never PNG icons, compressed copies, maps, dotfiles or itself", () => {
    expect(
      ["index.html", "v86-aa0d0e149d.wasm", "manifest.webmanifest", "piskasm.sym.json", "icon.svg"].map(
        precached,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(
      ["main-72HASB4E.js.br", "main-72HASB4E.js.gz", "main-72HASB4E.js.map", "sw.js", ".stamp"].map(
        precached,
      ),
    ).toEqual([false, false, false, false, false]);
  });
});
