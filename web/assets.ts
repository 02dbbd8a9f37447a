/** Fetching the page's binary assets with progress, failing with messages that name the file. */

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

export async function fetchBytes(
  url: string,
  onProgress: ProgressCallback,
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw new AssetError(
      url,
      `the request failed (${error instanceof Error ? error.message : String(error)}); is \`piskasm serve\` still running?`,
    );
  }
  if (!response.ok)
    throw new AssetError(url, `HTTP ${response.status} ${response.statusText}`, response.status);
  const lengthHeader = response.headers.get("Content-Length");
  const total = lengthHeader === null ? undefined : Number(lengthHeader);
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Loads several files at once and reports their combined progress as a fraction 0..1. The first
 * failure cancels the other downloads (and their progress reports).
 */
export async function fetchAll<K extends string>(
  urls: Readonly<Record<K, string>>,
  onProgress: (fraction: number, loadedBytes: number) => void,
): Promise<Record<K, Uint8Array<ArrayBuffer>>> {
  const keys = Object.keys(urls) as K[];
  const loaded = new Map<K, number>();
  const totals = new Map<K, number | undefined>();
  const report = (): void => {
    let sum = 0;
    let expected = 0;
    for (const key of keys) {
      sum += loaded.get(key) ?? 0;
      expected += totals.get(key) ?? loaded.get(key) ?? 0;
    }
    onProgress(expected > 0 ? sum / expected : 0, sum);
  };
  const abort = new AbortController();
  const results = await Promise.all(
    keys.map((key) =>
      fetchBytes(
        urls[key],
        (n, total) => {
          if (abort.signal.aborted) return;
          loaded.set(key, n);
          totals.set(key, total);
          report();
        },
        abort.signal,
      ).catch((error: unknown) => {
        abort.abort();
        throw error;
      }),
    ),
  );
  const out = {} as Record<K, Uint8Array<ArrayBuffer>>;
  keys.forEach((key, i) => (out[key] = results[i]));
  return out;
}
