/**
 * The Machine API as the npm package exports it (`import { bootFloppy } from "piskasm/machine"`): boot
 * a headless PC from a 1.44 MB floppy in v86 and drive it only through its keyboard and PS/2 mouse,
 * observing its memory and text screen. builtFile() names the files the package carries, e.g. the
 * game's floppy and the machine saved at its menu:
 *
 *   const machine = await bootFloppy(builtFile("piskasm.img"));
 *   await machine.restore({ state: new Uint8Array(readFileSync(builtFile("menu.state"))).buffer });
 */
import { join } from "node:path";
import { projectRoot } from "./node.js";

export type {
  GuestMemory,
  Keyboard,
  Machine,
  MachineOptions,
  MachineSnapshot,
  MachineStats,
  Mouse,
  MouseButton,
  TextCells,
  TextScreen,
  WaitOptions,
} from "./types.js";
export {
  bootFloppy,
  InputFileError,
  loadBiosFiles,
  loadFloppy,
  v86WasmPath,
  type BiosFiles,
  type BootOptions,
} from "./node.js";
export { createMachine } from "./v86-machine.js";

/** Files of the project's build that the package carries. */
export type BuiltFile =
  "piskasm.img" | "menu.state" | "PISKASM.COM" | "MOUSE.COM" | "PISKDOS.SYS" | "piskasm.sym.json";

/** The path of a built file (build/NAME in a clone or in the installed package). */
export function builtFile(name: BuiltFile): string {
  return join(projectRoot(), "build", name);
}
