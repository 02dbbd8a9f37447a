/**
 * The page server's answers to Range, Accept-Encoding and If-None-Match, for a bundle file (the static
 * library) and a run-time file (memory): `bytes=-10` is the last ten bytes, `bytes=0-0` one byte,
 * `bytes=9-0` and `lines=1-2` are ignored (200), so is a Range under a stale If-Range, `br;q=0`
 * refuses br, and `*`, weak and listed ETags give 304. No file is served through a link out of the
 * root (a link to /etc/passwd is 404), and a broken link is skipped with a log line.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryAsset } from "../../cli/web-server/memory-asset.js";
import { createStaticServer } from "../../cli/web-server/static-server.js";

const dir = mkdtempSync(join(tmpdir(), "piskasm-http-"));
const root = join(dir, "site");
const TEXT = "0123456789abcdefghijklmnopqrstuvwxyz".repeat(4);
// The server lists the root's files once, when it is made.
mkdirSync(join(root, "sub"), { recursive: true });
writeFileSync(join(root, "file.txt"), TEXT);
writeFileSync(join(root, "file.txt.br"), brotliCompressSync(TEXT));
writeFileSync(join(root, "other.txt"), TEXT);
writeFileSync(join(dir, "outside.txt"), "secret");
symlinkSync("/etc/passwd", join(root, "passwd.txt"));
symlinkSync(join(dir, "outside.txt"), join(root, "outside.txt"));
symlinkSync(join(dir, "outside.txt"), join(root, "other.txt.br"));
symlinkSync(dir, join(root, "up"));
symlinkSync(join(root, "gone.txt"), join(root, "broken.txt"));
symlinkSync(join(root, "file.txt"), join(root, "sub", "inside.txt"));
const logged: string[] = [];
const server = createStaticServer({
  root,
  generated: new Map([
    [
      "/memory.txt",
      { asset: Promise.resolve(memoryAsset(new TextEncoder().encode(TEXT), "text/plain")), immutable: false },
    ],
  ]),
  log: (line) => logged.push(line),
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
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

  it("answers bytes=0-0 with one byte (206)", async () => {
    const response = await fetch(`${base}/file.txt`, { headers: { range: "bytes=0-0" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-0/${TEXT.length}`);
    expect(await response.text()).toBe("0");
  });

  it("answers a Range under a stale If-Range with the whole file (200), under a current one with the range", async () => {
    for (const stale of ["Wed, 21 Oct 2015 07:28:00 GMT", 'W/"144-1"']) {
      const whole = await get("/file.txt", { range: "bytes=2-4", "if-range": stale });
      expect([whole.status, whole.body], stale).toEqual([200, TEXT]);
    }
    const current = statSync(join(root, "file.txt")).mtime.toUTCString();
    const part = await get("/file.txt", { range: "bytes=2-4", "if-range": current });
    expect([part.status, part.body]).toEqual([206, "234"]);
  });

  it("serves no file through a link out of the root, not even as a compressed copy", async () => {
    for (const path of ["/passwd.txt", "/outside.txt", "/up/outside.txt"]) {
      const answer = await get(path, {});
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toMatch(/secret|root:/);
    }
    const other = await get("/other.txt", { "accept-encoding": "br" });
    expect([other.status, other.encoding]).toEqual([200, null]);
  });

  it("serves a link to a file inside the root, and starts in spite of a broken link, saying so", async () => {
    expect((await get("/sub/inside.txt", {})).body).toBe(TEXT);
    expect(logged.filter((line) => line.includes("broken.txt"))).toEqual([
      expect.stringMatching(/broken\.txt: a broken link, not served/),
    ]);
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
