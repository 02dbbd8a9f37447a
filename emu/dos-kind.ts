import { listRootDirectory } from "./fat12.js";

/** Which DOS a floppy boots: the project's small DOS (PISKDOS.SYS) or FreeDOS (KERNEL.SYS). */
export type DosName = "builtin" | "freedos";

export function detectDos(floppy: Uint8Array): DosName {
  const names = new Set(listRootDirectory(floppy).map((entry) => entry.name));
  if (names.has("PISKDOS.SYS")) return "builtin";
  if (names.has("KERNEL.SYS")) return "freedos";
  throw new Error(
    "the floppy has neither PISKDOS.SYS (small DOS) nor KERNEL.SYS (FreeDOS) in its root directory",
  );
}
