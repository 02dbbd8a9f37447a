/**
 * The domain both equivalence models of the side scoring enumerate (engine-ts's `planes`, the asm
 * `windows`): every line of stones and board edges through an empty scored cell. A module of its own
 * so that the asm models (loaded by every `piskasm mutate`) do not load esbuild with the ts models.
 */
/** Bits 0..12 but the scored cell's (6). */
const LINE_BITS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12];

/**
 * Every reachable line through an empty scored cell (the planes model's domain, also the asm windows
 * model's): own stones `x`, opponent stones `o` and off-board positions `off` (13 bits, bit 6 the
 * cell, clear in all three). Stops at the first line `visit` answers false for; true when none did.
 */
export function everyLine(visit: (x: number, o: number, off: number) => boolean): boolean {
  for (let prefix = 0; prefix <= 6; prefix++)
    for (let suffix = 0; suffix <= 6; suffix++) {
      const onBoard = LINE_BITS.filter((bit) => bit >= prefix && bit <= 12 - suffix);
      let off = 0;
      for (const bit of LINE_BITS) if (!onBoard.includes(bit)) off |= 1 << bit;
      for (let pattern = 0; pattern < 3 ** onBoard.length; pattern++) {
        let x = 0,
          o = 0;
        for (let k = 0, rest = pattern; k < onBoard.length; k++, rest = Math.floor(rest / 3)) {
          if (rest % 3 === 1) x |= 1 << onBoard[k];
          else if (rest % 3 === 2) o |= 1 << onBoard[k];
        }
        if (!visit(x, o, off)) return false;
      }
    }
  return true;
}
