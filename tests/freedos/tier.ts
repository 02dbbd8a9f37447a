/**
 * The FreeDOS tier runs only when FREEDOS_IMAGE names a FreeDOS boot floppy. Without it, every suite
 * of the tier is reported as skipped, with the reason in its name; nothing of it counts as passed.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { freedosBootImage } from "../../freedos/cache.js";
import type { FreedosDiskExtras } from "../../freedos/build-disk.js";
import { openSession, type BootSpec } from "../../guest/boot.js";
import type { GameSession } from "../../guest/session.js";

const FREEDOS_IMAGE = process.env.FREEDOS_IMAGE;

/** True when the tier cannot run (no FREEDOS_IMAGE): pass to describe.skipIf. */
export const noFreedos = !FREEDOS_IMAGE;

/** The suite's name, plus why it is skipped when it is. */
export function tierName(name: string): string {
  if (!noFreedos) return name;
  const skipped = `${name} [skipped: FREEDOS_IMAGE is not set to a FreeDOS boot floppy]`;
  console.log(skipped);
  return skipped;
}

/**
 * The game's FreeDOS floppy on FREEDOS_IMAGE (built into build/freedos/ once), or with `extras` a
 * test floppy. A FREEDOS_IMAGE that is not a FreeDOS boot floppy fails the suite, it is not skipped.
 */
export function freedosFloppy(extras: FreedosDiskExtras = {}): string {
  if (!FREEDOS_IMAGE) throw new Error("FREEDOS_IMAGE is not set");
  return freedosBootImage(resolve(FREEDOS_IMAGE), extras);
}

/** The game under FreeDOS for one describe block: how it was booted, and its session at the menu. */
export interface FreedosGame {
  boot(): BootSpec;
  session(): GameSession;
}

/**
 * Boots the game's FreeDOS floppy to the menu before the block's tests (then runs `prepare` on the
 * session) and destroys the machine after them. Call inside the describe block.
 */
export function freedosGameForDescribe(
  timeoutMs: number,
  prepare?: (session: GameSession) => Promise<void>,
): FreedosGame {
  let boot: BootSpec | undefined;
  let session: GameSession | undefined;
  beforeAll(async () => {
    boot = { image: freedosFloppy(), dos: "freedos", timeoutMs };
    session = await openSession(boot);
    await prepare?.(session);
  }, timeoutMs * 2);
  afterAll(async () => {
    await session?.machine.destroy();
  });
  return {
    boot: () => {
      if (!boot) throw new Error("no FreeDOS floppy");
      return boot;
    },
    session: () => {
      if (!session) throw new Error("the game did not reach its menu under FreeDOS");
      return session;
    },
  };
}
