/** Property runs per test: 300 by default, 10,000 under `vitest --mode deep`, or `PROPERTY_RUNS`. */
export function propertyRuns(): number {
  const asked = Number(process.env.PROPERTY_RUNS)
  if (Number.isInteger(asked) && asked > 0) return asked
  const mode = (import.meta as ImportMeta & { env?: { MODE?: string } }).env?.MODE
  return mode === 'deep' ? 10_000 : 300
}

/** Replays a reported failure: `PROPERTY_SEED` and `PROPERTY_PATH` as fast-check printed them. */
export function replayParameters(): { seed?: number; path?: string } {
  const seed = Number(process.env.PROPERTY_SEED)
  if (!Number.isInteger(seed)) return {}
  const path = process.env.PROPERTY_PATH
  return path === undefined || path === '' ? { seed } : { seed, path }
}

/** A generous per-test time limit for `runs` scenarios, so a deep run is not cut off early. */
export function timeLimitFor(runs: number): number {
  return Math.max(60_000, runs * 200)
}
