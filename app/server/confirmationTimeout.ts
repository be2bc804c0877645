/** How long a card waits in the web app unless `STUDYPULSE_CONFIRMATION_TIMEOUT_MS` says otherwise. */
export const defaultConfirmationTimeoutMs = 30 * 60_000

/** The card timeout from the environment; throws a readable error for anything but a positive integer. */
export function confirmationTimeoutFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.STUDYPULSE_CONFIRMATION_TIMEOUT_MS
  if (raw === undefined || raw.trim() === '') return defaultConfirmationTimeoutMs
  const ms = Number(raw)
  // setTimeout cannot wait longer than 2^31-1 ms (about 24.8 days).
  if (!Number.isInteger(ms) || ms <= 0 || ms > 2_147_483_647)
    throw new Error(
      `STUDYPULSE_CONFIRMATION_TIMEOUT_MS must be a whole number of milliseconds, not "${raw}"`,
    )
  return ms
}

/** A timeout in words for the start-up banner, e.g. `30 min` or `45 s`. */
export function describeTimeout(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`
  if (ms % 1000 === 0) return `${ms / 1000} s`
  return `${ms} ms`
}
