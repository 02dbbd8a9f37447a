/** Fetching the page's binary assets with progress, failing with messages that name the file. */
import { cachedResponse } from "./offline/cached.js";
import { messageOf } from "../util/error-message.js";

export class AssetError extends Error {
  override readonly name = "AssetError";
  constructor(
    readonly url: string,
    reason: string,
    /** The HTTP status when the server answered with an error. */
    readonly status?: number,
  ) {
    super(`${url}: ${reason}`);
  }
}

/** Bytes received so far and the expected total (undefined when the server sent no length). */
export type ProgressCallback = (loaded: number, total: number | undefined) => void;

/** The service worker's cached copy of `url` or the server's answer; failures (also HTTP errors) as AssetErrors. */
async function fetchOk(url: string, signal: AbortSignal | undefined): Promise<Response> {
  const cached = await cachedResponse(url);
  if (cached) return cached;
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw new AssetError(
      url,
      `the request failed (${messageOf(error)}): the network or the page's server is away, and this file is not in the offline copy`,
    );
  }
  if (!response.ok)
    throw new AssetError(url, `HTTP ${response.status} ${response.statusText}`, response.status);
  return response;
}

/** A JSON file of the page (its parse is the caller's type). */
export async function fetchJson(url: string): Promise<unknown> {
  return (await fetchOk(url, undefined)).json();
}

async function fetchBytes(
  url: string,
  onProgress: ProgressCallback,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetchOk(url, signal);
  const lengthHeader = response.headers.get("Content-Length");
  const total = lengthHeader === null ? undefined : Number(lengthHeader);
  let loaded = 0;
  const counted = response.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        onProgress(loaded, total);
        controller.enqueue(chunk);
      },
    }),
  );
  return new Uint8Array(await (counted ? new Response(counted) : response).arrayBuffer());
}

/**
 * Several files loaded at once, with their combined progress as a fraction 0..1 (a file whose size
 * is not known yet counts with what has arrived). The first failure cancels the other downloads
 * (and their progress reports).
 */
export class Downloads {
  private readonly files = new Map<string, { loaded: number; total: number | undefined }>();
  private readonly abort = new AbortController();

  constructor(private readonly onProgress: (fraction: number, loadedBytes: number) => void) {}

  /** The bytes of `url`. */
  bytes(url: string): Promise<Uint8Array<ArrayBuffer>> {
    return this.failing(fetchBytes(url, (n, total) => this.report(url, n, total), this.abort.signal));
  }

  /** `url` compiled as WebAssembly while it downloads (its bytes count once it is compiled). */
  wasm(url: string): Promise<WebAssembly.Module> {
    return this.failing(
      compileWasm(url, this.abort.signal).then(({ module, bytes }) => {
        this.report(url, bytes, bytes);
        return module;
      }),
    );
  }

  private failing<T>(download: Promise<T>): Promise<T> {
    return download.catch((error: unknown) => {
      this.abort.abort();
      throw error;
    });
  }

  private report(url: string, loaded: number, total: number | undefined): void {
    if (this.abort.signal.aborted) return;
    this.files.set(url, { loaded, total });
    const files = [...this.files.values()];
    const sum = files.reduce((s, file) => s + file.loaded, 0);
    const expected = files.reduce((s, file) => s + (file.total ?? file.loaded), 0);
    this.onProgress(expected > 0 ? sum / expected : 0, sum);
  }
}

/**
 * WebAssembly.compileStreaming compiles while the bytes arrive (and lets the browser keep the
 * compiled code with a cached response); it needs the server to say application/wasm, so from a
 * host that does not, the module is compiled from the whole file.
 */
async function compileWasm(
  url: string,
  signal: AbortSignal,
): Promise<{ module: WebAssembly.Module; bytes: number }> {
  const response = await fetchOk(url, signal);
  const bytes = Number(response.headers.get("Content-Length") ?? 0);
  try {
    if (response.headers.get("Content-Type")?.startsWith("application/wasm"))
      return { module: await WebAssembly.compileStreaming(response), bytes };
    const whole = await response.arrayBuffer();
    return { module: await WebAssembly.compile(whole), bytes: whole.byteLength };
  } catch (error) {
    throw new AssetError(url, `not v86's WebAssembly module (${messageOf(error)})`);
  }
}
