/** program-ts: the reference model of the whole PISKASM.COM (docs/program.md). */
export * from "./layout.js";
export * from "./texts.js";
export * from "./screen.js";
export * from "./keys.js";
export * from "./program.js";
