/** sha256 (hex) of a sequence of texts and byte strings, each prefixed by its length so that ("ab", "c") and ("a", "bc") differ. */
import { createHash } from "node:crypto";

export function sha256(...parts: readonly (string | Uint8Array)[]): string {
  const h = createHash("sha256");
  for (const part of parts) h.update(`${part.length}:`).update(part);
  return h.digest("hex");
}
