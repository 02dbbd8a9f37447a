/** The static server: MIME types, no way out of the bundle, and the CLI's one-line port error. */
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT, serveBundle, type Served } from "./browser.js";

let served: Served;

beforeAll(async () => {
  served = await serveBundle({ snapshot: false });
});

afterAll(async () => {
  await served?.close();
});

interface RawResponse {
  status: number;
  type: string | undefined;
  body: string;
}

/** A GET with the path sent exactly as given (no URL normalisation on the client side). */
function rawGet(path: string): Promise<RawResponse> {
  const { hostname, port } = new URL(served.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("piskasm serve", () => {
  it("refuses paths that leave the bundle, however they are spelled", async () => {
    for (const path of ["/../package.json", "/%2e%2e/package.json", "/web/../../package.json", "/..%2fpackage.json", "/%2e%2e%5cpackage.json"]) {
      const res = await rawGet(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body, path).not.toContain('"name": "piskasm"');
    }
    expect((await rawGet("/../package.json")).status).toBe(403);
  });

  it("serves the bundle with the right content types", async () => {
    const expected: Record<string, string> = {
      "/": "text/html; charset=utf-8",
      "/main.js": "text/javascript; charset=utf-8",
      "/style.css": "text/css; charset=utf-8",
      "/v86.wasm": "application/wasm",
      "/piskasm.img": "application/octet-stream",
      "/bios.bin": "application/octet-stream",
    };
    for (const [path, type] of Object.entries(expected)) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(200);
      expect(res.type, path).toBe(type);
    }
    expect((await rawGet("/no-such-file")).status).toBe(404);
  });

  it("says in one line that the port is taken, with exit code 2", () => {
    const port = new URL(served.url).port;
    const run = spawnSync(process.execPath, [join(PROJECT, "bin", "piskasm.mjs"), "serve", "--port", port], { encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
  });
});
