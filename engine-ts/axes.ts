/** The four axes of CountScore (docs/evaluator.md section 6), with their positive directions. */
export interface Axis {
  readonly index: 0 | 1 | 2 | 3;
  readonly name: "horizontal" | "vertical" | "diagonal" | "anti-diagonal";
  readonly dr: number;
  readonly dc: number;
}

export const AXES: readonly Axis[] = [
  { index: 0, name: "horizontal", dr: 0, dc: 1 },
  { index: 1, name: "vertical", dr: 1, dc: 0 },
  { index: 2, name: "diagonal", dr: 1, dc: 1 },
  { index: 3, name: "anti-diagonal", dr: 1, dc: -1 },
];

/** The 8 ray directions of Update: {-1,0,1}^2 without (0,0). */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];
