/** The server's bounds on work; each refusal is a clear status and code (see README, Security model). */
export interface AppLimits {
  /**
   * Runs not yet ended, per workspace (in hosted mode: per person, each has their own); one more
   * `POST /api/runs` is `429 too_many_runs`.
   */
  maxOpenRuns: number
  /** Runs not yet ended on this node, whoever started them; one more is `429 too_many_runs`. */
  maxOpenRunsPerNode: number
  /** A run waiting for the user's next message this long is cancelled (`idle`); 0 turns it off. */
  idleRunMs: number
  /** Ended runs kept in memory so a page can still replay them; older ones are released. */
  keepEndedRuns: number
  /** Open event streams for the launch token; one more is `429 too_many_streams`. */
  maxStreamsPerToken: number
  /** Time to receive a request's headers; a slower client gets `408` and is disconnected. */
  headersTimeoutMs: number
  /** Time to receive a whole request (the event stream's response is not bounded by it). */
  requestTimeoutMs: number
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number
}

/** The limits the app uses unless told otherwise. */
export const defaultAppLimits: Readonly<AppLimits> = Object.freeze({
  maxOpenRuns: 100,
  maxOpenRunsPerNode: 1000,
  idleRunMs: 24 * 60 * 60_000,
  keepEndedRuns: 50,
  maxStreamsPerToken: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
})
