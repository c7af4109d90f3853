/**
 * Seeded random data for the benchmarks (mulberry32): the same data set on every run,
 * so two runs of a bench measure the same work.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer from min to max, both included. */
  const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  function pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(random() * values.length)];
    if (value === undefined) throw new Error("pick: liste vide");
    return value;
  }
  return { random, between, pick };
}
