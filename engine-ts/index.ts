/** engine-ts: the reference TypeScript port of docs/evaluator.md. */
export * from "./board.js";
export * from "./phase.js";
export * from "./axes.js";
export * from "./tables.js";
export * from "./random.js";
export * from "./score.js";
export * from "./update.js";
export * from "./pcmove.js";
export * from "./state.js";
export * from "./explain.js";
export * from "./priority.js";
export * from "./fresh.js";
export * from "./engine.js";
export * from "./game.js";
