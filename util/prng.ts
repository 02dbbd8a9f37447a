/** A small seeded PRNG (mulberry32) for the opponent policies: the same seed, the same game. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform integer in 0..n-1 (n >= 1). */
  below(n: number): number {
    return Math.floor((this.nextU32() / 2 ** 32) * n);
  }
}

/** Derives an independent 32-bit seed for item `index` of a run seeded with `runSeed`. */
export function deriveSeed(runSeed: number, index: number): number {
  return new Prng((runSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0).nextU32();
}
