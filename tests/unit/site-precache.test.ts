/** What the site's service worker caches, when, and how it answers (web/offline/precache.ts). */
import { describe, expect, it } from "vitest";
import { cacheRole, siteFile, strategyOf } from "../../web/offline/precache.js";

describe("the service worker's cache plan", () => {
  it("answers content-hashed files from the cache first and the others from the network first", () => {
    expect(strategyOf("main-72HASB4E.js")).toBe("cache-first");
    expect(strategyOf("menu-d5ef17cead.state")).toBe("cache-first");
    expect(strategyOf("index.html")).toBe("network-first");
    expect(strategyOf("assets.json")).toBe("network-first");
  });

  it("caches the page's files and the debugger's symbol map at install, PNG icons when asked, never compressed copies, maps or itself", () => {
    expect(["index.html", "v86-aa0d0e149d.wasm", "manifest.webmanifest", "icon.svg"].map(cacheRole)).toEqual([
      "install",
      "install",
      "install",
      "install",
    ]);
    expect(["piskasm.sym.json", "icon-192.png"].map(cacheRole)).toEqual(["install", "on-demand"]);
    expect(
      ["main-72HASB4E.js.br", "main-72HASB4E.js.gz", "main-72HASB4E.js.map", "sw.js", ".stamp"].map(
        cacheRole,
      ),
    ).toEqual(["never", "never", "never", "never", "never"]);
  });

  it("maps URLs inside the site's folder to its files, the folder itself to index.html, and nothing outside it", () => {
    const scope = new URL("https://user.example.io/games/piskasm/");
    expect(siteFile(new URL("https://user.example.io/games/piskasm/"), scope)).toBe("index.html");
    expect(siteFile(new URL("https://user.example.io/games/piskasm/assets.json?x=1"), scope)).toBe(
      "assets.json",
    );
    expect(siteFile(new URL("https://user.example.io/games/other/assets.json"), scope)).toBeUndefined();
    expect(siteFile(new URL("https://elsewhere.example/games/piskasm/assets.json"), scope)).toBeUndefined();
  });
});
