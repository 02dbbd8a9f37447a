/**
 * The static server: content types, compression, ETag and 304, caching of hashed names, nosniff on
 * every answer, no way out of the bundle, overlong paths, capped log lines, and the CLI's one-line
 * errors and network warning.
 */
import { spawn, spawnSync } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBundleAssets } from "../../cli/web-server/page-server.js";
import { LOG_LINE_MAX } from "../../cli/web-server/static-server.js";
import type { AssetManifest } from "../../web/asset-manifest.js";
import { PROJECT, serveBundle, WEB_ROOT, type Served } from "../../testkit/browser.js";

let served: Served;
const logged: string[] = [];

beforeAll(async () => {
  served = await serveBundle({ snapshot: false, log: (line) => logged.push(line) });
});

afterAll(async () => {
  await served?.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes as they came over the wire (still compressed when Content-Encoding says so). */
  body: Buffer;
}

/** A request with the path sent exactly as given (no URL normalisation on the client side). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const { hostname, port } = new URL(served.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

async function manifest(): Promise<AssetManifest> {
  return JSON.parse((await raw("/assets.json")).body.toString("utf8")) as AssetManifest;
}

describe("piskasm serve", () => {
  it("refuses paths that leave the bundle, however they are spelled", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/web/../../package.json",
      "/..%2fpackage.json",
      "/%2e%2e%5cpackage.json",
      "/%ZZ",
      "/..%00/package.json",
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body.toString("latin1"), path).not.toContain('"name": "piskasm"');
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("serves the bundle and the run-time files with the right content types", async () => {
    const names = await manifest();
    const expected: Record<string, string> = {
      "/": "text/html;charset=utf-8",
      "/assets.json": "application/json; charset=utf-8",
      [`/${names.wasm}`]: "application/wasm",
      [`/${names.floppy}`]: "application/octet-stream",
      [`/${names.bios}`]: "application/octet-stream",
      "/piskasm.img": "application/octet-stream",
    };
    for (const [path, type] of Object.entries(expected)) {
      const res = await raw(path, {}, "HEAD");
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"], path).toBe(type);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
    const html = (await raw("/")).body.toString("utf8");
    const script = /src="(main-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await raw(`/${script}`, {}, "HEAD")).headers["content-type"]).toBe("text/javascript");
    expect((await raw("/no-such-file")).status).toBe(404);
  });

  it("sends brotli or gzip to browsers that take them, the plain bytes to others", async () => {
    const { wasm } = readBundleAssets(WEB_ROOT);
    const plain = await raw(`/${wasm}`);
    const br = await raw(`/${wasm}`, { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await raw(`/${wasm}`, { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 4);
    expect(gz.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    expect(br.headers.vary).toBe("Accept-Encoding");
    const floppy = await raw(`/${(await manifest()).floppy}`, { "Accept-Encoding": "br" });
    expect(floppy.headers["content-encoding"]).toBe("br");
    expect(floppy.body.byteLength).toBeLessThan(100_000);
  });

  it("caches hashed names for a year and revalidates the rest with ETag and 304", async () => {
    const names = await manifest();
    for (const name of [names.wasm, names.bios, names.floppy]) {
      expect((await raw(`/${name}`, {}, "HEAD")).headers["cache-control"], name).toBe(
        "public, max-age=31536000, immutable",
      );
    }
    for (const path of ["/", "/assets.json"]) {
      const first = await raw(path);
      expect(first.headers["cache-control"], path).toBe("no-cache");
      const etag = first.headers.etag;
      expect(typeof etag, path).toBe("string");
      const again = await raw(path, { "If-None-Match": String(etag) });
      expect(again.status, path).toBe(304);
      expect(again.body.byteLength, path).toBe(0);
      expect(again.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("answers overlong paths with 404 or 414 and logs nothing longer than a capped line", async () => {
    expect((await raw(`/${"a".repeat(300)}`)).status).toBe(404);
    expect((await raw(`/${"b".repeat(300)}/index.html`)).status).toBe(404);
    expect((await raw(`/${"c/".repeat(1500)}`)).status).toBe(414);
    expect((await raw("/x", {}, "DELETE")).status).toBe(405);
    expect(logged.every((line) => line.length <= LOG_LINE_MAX)).toBe(true);
  });

  it("says in one line that the port is taken, with exit code 2", () => {
    const port = new URL(served.url).port;
    const run = spawnSync(process.execPath, [join(PROJECT, "bin", "piskasm.mjs"), "serve", "--port", port], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
  });

  it("warns with real addresses when bound beyond loopback, and never prints 0.0.0.0 as the URL", async () => {
    const child = spawn(
      process.execPath,
      [join(PROJECT, "bin", "piskasm.mjs"), "serve", "--port", "0", "--host", "0.0.0.0", "--no-snapshot"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    try {
      await expect.poll(() => out, { timeout: 15_000 }).toContain("Ctrl+C");
    } finally {
      child.kill("SIGTERM");
    }
    expect(out).toMatch(/serving the game at http:\/\/127\.0\.0\.1:\d+\//);
    expect(out + err).not.toContain("http://0.0.0.0");
    expect(err).toMatch(/warning: --host 0\.0\.0\.0 serves the page to the network/);
  });
});
