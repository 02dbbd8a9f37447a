import { isAbsolute, relative, resolve } from "node:path";

/** Why a request path was refused; `status` is the HTTP status to answer with. */
export interface RefusedPath {
  refused: true;
  status: 400 | 403;
  reason: string;
}

export interface ResolvedPath {
  refused: false;
  /** Absolute file-system path inside the root. */
  path: string;
}

/** True when `candidate` is `root` itself or lies below it (both absolute, already normalised). */
export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Maps the path of a request target (as sent, possibly unnormalised and percent-encoded) to a file
 * under `root`. Anything that would leave `root` after decoding and normalising is refused.
 */
export function resolveRequestPath(root: string, rawTarget: string): ResolvedPath | RefusedPath {
  const rawPath = rawTarget.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { refused: true, status: 400, reason: "malformed percent-encoding" };
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) {
    return { refused: true, status: 400, reason: "not an absolute path" };
  }
  const absoluteRoot = resolve(root);
  const path = resolve(absoluteRoot, `.${decoded}`);
  if (!isInside(absoluteRoot, path)) return { refused: true, status: 403, reason: "outside the served directory" };
  return { refused: false, path };
}
