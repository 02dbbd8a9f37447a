import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project directory: the CLI runs as build/cli.mjs (bundled) or from cli/*.ts (tests), both one
 * level below it.
 */
export function projectPath(...parts: string[]): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", ...parts);
}
