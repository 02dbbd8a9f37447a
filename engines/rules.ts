/**
 * Gomocup's rules (INFO rule) as far as the players here play them: freestyle (0: five or more in a
 * row wins) and standard (1: exactly five wins; six or more in a row, an overline, wins for neither
 * side and the game goes on). The win test of every board that judges a game under a rule is here:
 * the brain protocol's board and the built-in engines' board.
 */
import { AXES } from "../engine-ts/axes.js";
import { RULE_EXACT_FIVE, RULE_FREESTYLE, type RuleMask } from "./engine.js";

/** The rules a game can be played under here; every other mask (continuous 2, renju 4, caro 8) is refused. */
const RULE_NAMES: Readonly<Record<number, string>> = {
  [RULE_FREESTYLE]: "freestyle (five or more wins)",
  [RULE_EXACT_FIVE]: "standard (exactly five wins)",
};

/** Why a game under `rule` cannot be played here (anything but 0 and 1), or undefined. */
export function ruleRefusal(rule: RuleMask): string | undefined {
  if (Object.hasOwn(RULE_NAMES, rule)) return undefined;
  return `rule ${rule} is not played (renju, caro and continuous games are not): only 0, ${RULE_NAMES[RULE_FREESTYLE]}, and 1, ${RULE_NAMES[RULE_EXACT_FIVE]}`;
}

/** The longest run of the stone on `cell` (non-zero) through `cell` on each axis, `size` x `size` board. */
function runs(cells: ArrayLike<number>, size: number, cell: number): number[] {
  const stone = cells[cell];
  const x0 = cell % size;
  const y0 = (cell - x0) / size;
  return AXES.map(({ dr: dy, dc: dx }) => {
    let n = 1;
    for (const s of [1, -1]) {
      let x = x0 + s * dx;
      let y = y0 + s * dy;
      while (x >= 0 && y >= 0 && x < size && y < size && cells[y * size + x] === stone) {
        n++;
        x += s * dx;
        y += s * dy;
      }
    }
    return n;
  });
}

/** Does the stone on `cell` win under `rule`: five or more in a row (freestyle), exactly five (standard)? */
export function winsAt(cells: ArrayLike<number>, size: number, cell: number, rule: RuleMask): boolean {
  if (cells[cell] === 0) return false;
  return runs(cells, size, cell).some((n) => (rule === RULE_EXACT_FIVE ? n === 5 : n >= 5));
}

/**
 * Would a stone `stone` on the empty `cell` make an overline that is no win (standard rule: six or more
 * and no exact five on another axis)? Always false under freestyle.
 */
export function makesOverlineOnly(
  cells: Uint8Array,
  size: number,
  cell: number,
  stone: number,
  rule: RuleMask,
): boolean {
  if (rule !== RULE_EXACT_FIVE) return false;
  cells[cell] = stone;
  const lengths = runs(cells, size, cell);
  cells[cell] = 0;
  return lengths.some((n) => n > 5) && !lengths.includes(5);
}
