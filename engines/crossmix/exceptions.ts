/**
 * The three "crossmix" defensive exceptions, as the seed (FREE SECTOR page 27) gives them in C++:
 * find the top values of flagx and flago (and the other array's best value on a top square), then
 *   crossmix 1: the side to move has a top value in 1000..1999 while the other side has 5000 or more
 *               (a "three") and one of those squares is also worth 1000+ to the side to move: that
 *               common square goes to 9999 (for X the code raises it in flago, for O in flagx);
 *   crossmix 2: O to move, both tops exactly 100, on a common square: that square's flago goes to 9999;
 *   crossmix 3: O to move, X's top is 5000 with a three on the board (threex > 0) and O's top under
 *               2000: X's top square with the highest flago goes to 9999 (all of them when equal).
 * who = 1: the engine is X (the first player); who = 0: O.
 */

export interface TopValues {
  xmax: number;
  omax: number;
  /** The highest flago among the squares where flagx is xmax. */
  xmax_o: number;
  /** The highest flagx among the squares where flago is omax. */
  omax_x: number;
}

/** The seed's search for the top values (its loop, unchanged in meaning). */
export function topValues(flagx: ArrayLike<number>, flago: ArrayLike<number>): TopValues {
  const t: TopValues = { xmax: 0, omax: 0, xmax_o: 0, omax_x: 0 };
  for (let i = 0; i < flagx.length; i++) {
    const fx = flagx[i];
    const fo = flago[i];
    if (t.xmax < fx) {
      t.xmax = fx;
      t.xmax_o = fo;
    }
    if (t.xmax === fx && t.xmax_o < fo) t.xmax_o = fo;
    if (t.omax < fo) {
      t.omax = fo;
      t.omax_x = fx;
    }
    if (t.omax === fo && t.omax_x < fx) t.omax_x = fx;
  }
  return t;
}

/** Which exception fired (the last one that set a shift wins, as in the seed), or 0. */
export type CrossmixRule = 0 | 1 | 2 | 3;

export const EXCEPTION_VALUE = 9999;

/** Applies the exceptions to the arrays in place; returns the rule that changed them, or 0. */
export function applyCrossmix(
  flagx: Int32Array,
  flago: Int32Array,
  who: 0 | 1,
  threex: number,
): CrossmixRule {
  const { xmax, omax, xmax_o, omax_x } = topValues(flagx, flago);
  let xshift = 0;
  let oshift = 0;
  let rule: CrossmixRule = 0;
  if (who === 1 && xmax > 999 && xmax < 2000 && omax > 4999 && omax_x > 999) {
    xshift = 1;
    rule = 1;
  }
  if (who === 0 && omax > 999 && omax < 2000 && xmax > 4999 && xmax_o > 999) {
    oshift = 1;
    rule = 1;
  }
  if (who === 0 && omax > 99 && omax < 101 && omax === xmax && omax === omax_x) {
    xshift = 1;
    rule = 2;
  }
  if (who === 0 && xmax === 5000 && threex > 0 && omax < 2000) {
    xshift = 2;
    rule = 3;
  }
  for (let i = 0; i < flagx.length; i++) {
    if (xshift === 1 && flago[i] === omax && flagx[i] === omax_x) flago[i] = EXCEPTION_VALUE;
    if (oshift === 1 && flagx[i] === xmax && flago[i] === xmax_o) flagx[i] = EXCEPTION_VALUE;
    if (xshift === 2 && flagx[i] === xmax && flago[i] === xmax_o) flagx[i] = EXCEPTION_VALUE;
  }
  return rule;
}
