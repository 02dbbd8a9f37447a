/**
 * The page server's answers to Range, Accept-Encoding and If-None-Match, for a bundle file (the static
 * library) and a run-time file (memory): `bytes=-10` is the last ten bytes, `bytes=9-0` and `lines=1-2`
 * are ignored (200), `br;q=0` refuses br, and `*`, weak and listed ETags give 304.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAsset } from "../../cli/web-server/memory-asset.js";
import { createStaticServer } from "../../cli/web-server/static-server.js";

const root = mkdtempSync(join(tmpdir(), "piskasm-http-"));
const TEXT = "0123456789abcdefghijklmnopqrstuvwxyz".repeat(4);
// The static library lists the root's files once, when the server is made.
writeFileSync(join(root, "file.txt"), TEXT);
writeFileSync(join(root, "file.txt.br"), brotliCompressSync(TEXT));
const server = createStaticServer({
  root,
  generated: new Map([
    [
      "/memory.txt",
      { asset: Promise.resolve(memoryAsset(new TextEncoder().encode(TEXT), "text/plain")), immutable: false },
    ],
  ]),
  log: () => undefined,
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

async function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; encoding: string | null; etag: string | null }> {
  const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  const body = response.headers.get("content-encoding") ? "" : await response.text();
  return {
    status: response.status,
    body,
    encoding: response.headers.get("content-encoding"),
    etag: response.headers.get("etag"),
  };
}

describe("the page server's conditional and partial answers", () => {
  it("answers bytes=-10 with the last ten bytes, ignores bytes=9-0 and lines=1-2 (200, whole file)", async () => {
    const suffix = await get("/file.txt", { range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(suffix.body).toBe(TEXT.slice(-10));
    for (const range of ["bytes=9-0", "lines=1-2"]) {
      const whole = await get("/file.txt", { range });
      expect(whole.status, range).toBe(200);
      expect(whole.body).toBe(TEXT);
    }
    const middle = await get("/file.txt", { range: "bytes=2-4" });
    expect([middle.status, middle.body]).toEqual([206, "234"]);
  });

  it.each(["/file.txt", "/memory.txt"])("%s: br;q=0 gets no brotli", async (path) => {
    expect((await get(path, { "accept-encoding": "br;q=0, gzip;q=0" })).encoding).toBeNull();
    expect((await get(path, { "accept-encoding": "br" })).encoding).toBe("br");
  });

  it.each(["/file.txt", "/memory.txt"])(
    "%s: If-None-Match *, a weak tag and a list holding the tag give 304",
    async (path) => {
      const { etag } = await get(path, {});
      expect(etag).toBeTruthy();
      const tag = etag ?? "";
      const strong = tag.replace(/^W\//, "");
      for (const header of ["*", `W/${strong}`, `"other", ${tag}`])
        expect((await get(path, { "if-none-match": header })).status, header).toBe(304);
      expect((await get(path, { "if-none-match": '"other"' })).status).toBe(200);
    },
  );
});
