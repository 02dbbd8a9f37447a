#!/usr/bin/env node
// The `piskasm` command: runs the bundled CLI (build/cli.mjs, made by `make`).
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const cli = fileURLToPath(new URL("../build/cli.mjs", import.meta.url));
if (!existsSync(cli)) {
  console.error("piskasm: build/cli.mjs is missing; run `make` in the project directory first.");
  process.exit(2);
}
await import(pathToFileURL(cli).href);
