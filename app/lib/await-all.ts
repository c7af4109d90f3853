/**
 * `Promise.all` over an object's values: the same keys, each holding what its promise
 * gave (a plain value passes as it is). Each result stands next to its name, where an
 * array of ten reads would be matched by position.
 */
export async function awaitAll<T extends Record<string, unknown>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(
    Object.entries(promises).map(async ([key, value]) => [key, await value] as const),
  );
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}
