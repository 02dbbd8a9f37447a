/**
 * `make` step: build/piskasm.lst (nasm -l) -> build/piskasm.sym.json, the symbol map the debugger
 * tab, `piskasm info` and the mismatch reports use. Run by scripts/bundle.mjs symbols.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseListing } from "./listing.js";

const [listing, out] = process.argv.slice(2);
if (!listing || !out) {
  console.error("usage: make-symbols LISTING OUT.json");
  process.exit(2);
}
const map = parseListing(readFileSync(listing, "utf8"), "PISKASM.COM", "asm/piskasm.asm", "asm");
writeFileSync(out, JSON.stringify(map) + "\n");
console.log(`${out}: ${map.labels.length} labels, ${map.lines.length} source lines`);
