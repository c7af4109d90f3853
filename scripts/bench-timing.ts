/** Median, p95 (nearest rank) and max of `runs` calls after a warm-up call. */
export async function timings(
  run: () => Promise<unknown>,
  runs: number,
): Promise<{ median: number; p95: number; max: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (rank: number) => times[Math.min(times.length - 1, Math.max(0, rank))] ?? 0;
  return { median: at(Math.ceil(runs / 2) - 1), p95: at(Math.ceil(runs * 0.95) - 1), max: at(runs - 1) };
}

/** « 12.3 ms », right-aligned for a table. */
export const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
