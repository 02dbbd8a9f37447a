/** ABOUT of the PISKASM players (ASCII only: managers show it in any code page). */
import type { EngineAbout } from "./engine.js";

export const PISKASM_ABOUT: EngineAbout = {
  name: "PiskAsm",
  version: "0.1.0",
  author: "V. Havranek (PiskAsm, 2004); 8086 rebuild and TypeScript port: the piskasm project",
  country: "CZ",
};
