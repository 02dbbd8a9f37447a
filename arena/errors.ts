/** A problem with what an arena was asked to do (bad player name, bad openings file, mismatched resume). */
export class ArenaError extends Error {
  override readonly name = "ArenaError";
}
