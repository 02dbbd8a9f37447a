/**
 * The request headers that change an answer, read as RFC 9110 says (the static library reads them
 * naively): Accept-Encoding with its q-values (`br;q=0` refuses br), If-None-Match with `*`, lists
 * and weak tags (weak comparison), and Range (one `bytes=` range; a suffix `-N` is the last N bytes;
 * anything else, `bytes=9-0` or `lines=1-2`, is ignored and the whole file sent).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

export type Encoding = "br" | "gzip";

/** The encodings the client accepts (q > 0), in the server's order of preference. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (name) accepted.set(name, q ? Number(q[1]) : 1);
  }
  const ok = (name: Encoding): boolean => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return (["br", "gzip"] as const).filter(ok);
}

/** Does If-None-Match `header` match `etag` (weak comparison; `*` matches any)? */
export function noneMatch(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined || etag === undefined) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** A byte range to send, `ignore` (send the whole file: no or unusable Range) or `unsatisfiable` (416). */
export type RangeAnswer = { start: number; end: number } | "ignore" | "unsatisfiable";

export function byteRange(header: string | undefined, size: number): RangeAnswer {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
  if (!m || (m[1] === "" && m[2] === "")) return "ignore";
  if (m[1] === "") {
    const last = Number(m[2]);
    if (last === 0) return "unsatisfiable";
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return "ignore";
  return start >= size ? "unsatisfiable" : { start, end };
}

/**
 * Does a Range still apply under If-Range `header` (RFC 9110 13.1.5)? Only when the header is the
 * file's Last-Modified date: the server's ETags are weak, and a weak tag never matches If-Range, so
 * any other value (a tag, an older date) asks for the whole file.
 */
export function ifRangeHolds(header: string | string[] | undefined, stats: { mtime: Date }): boolean {
  return header === undefined || (typeof header === "string" && header.trim() === stats.mtime.toUTCString());
}

/**
 * Prepares a request for the static library (which is given no Range: whole files only): Accept-
 * Encoding reduced to the encodings really accepted, and an answer that matches If-None-Match by weak
 * comparison turned into a bodiless 304.
 */
export function normalizeForStaticLibrary(request: IncomingMessage, response: ServerResponse): void {
  request.headers["accept-encoding"] = acceptedEncodings(request.headers["accept-encoding"]).join(", ");
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch === undefined) return;
  delete request.headers["if-none-match"];
  notModifiedWhenMatching(response, ifNoneMatch);
}

/** Turns the library's 200 into a 304 without body when its ETag matches `ifNoneMatch`. */
function notModifiedWhenMatching(response: ServerResponse, ifNoneMatch: string): void {
  const writeHead = response.writeHead.bind(response);
  let dropBody = false;
  response.writeHead = (status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is Record<string, unknown> => typeof r === "object" && r !== null) ?? {};
    const etag = (headers.ETag ?? headers.etag ?? response.getHeader("ETag")) as string | undefined;
    if (status === 200 && noneMatch(ifNoneMatch, etag)) {
      dropBody = true;
      const kept = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !/^content-(length|encoding|range)$/i.test(k)),
      ) as OutgoingHttpHeaders;
      return writeHead(304, kept);
    }
    return writeHead(status, ...(rest as []));
  };
  const end = response.end.bind(response);
  const write = response.write.bind(response);
  response.write = ((...args: Parameters<typeof response.write>) =>
    dropBody ? true : write(...args)) as typeof response.write;
  response.end = ((...args: Parameters<typeof response.end>) =>
    dropBody ? end() : end(...args)) as typeof response.end;
}
