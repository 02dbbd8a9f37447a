/**
 * What the emulator-tier tests share: the test floppies `make image` builds, and one machine booted
 * per describe block that prints its screen next to every failed test.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { bootFloppy, type BootOptions } from "../../emu/node.js";
import type { Machine } from "../../emu/types.js";

export const ROOT = resolve(import.meta.dirname, "../..");
const DEFAULT_BOOT_TIMEOUT_MS = 60_000;

/** build/test-NAME.img, made by `make image` from disk/tests/NAME.bat. */
export function testFloppy(name: string): string {
  const path = resolve(ROOT, "build", `test-${name}.img`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`make image\` first`);
  return path;
}

/**
 * Boots `floppy()` once for the tests of the enclosing describe block and wraps the machine in the
 * block's own driver object; the returned getter throws when the boot failed.
 */
export function bootForDescribe<T>(
  floppy: () => string,
  wrap: (machine: Machine) => T,
  bootTimeoutMs: number = DEFAULT_BOOT_TIMEOUT_MS,
  options: BootOptions = {},
): () => T {
  let machine: Machine | undefined;
  let wrapped: T | undefined;
  beforeAll(async () => {
    machine = await bootFloppy(floppy(), options);
    wrapped = wrap(machine);
  }, bootTimeoutMs);
  afterAll(async () => {
    await machine?.destroy();
  });
  afterEach((context) => {
    if (context.task.result?.state === "fail" && machine) {
      console.log(`screen of "${context.task.name}":\n${machine.screenText()}`);
    }
  });
  return () => {
    if (wrapped === undefined) throw new Error("the machine of this describe block did not boot");
    return wrapped;
  };
}
