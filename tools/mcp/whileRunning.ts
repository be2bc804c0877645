/**
 * Runs `start` with a signal that follows `signal` only while the work runs. The MCP SDK 1.x
 * never takes its abort listener off a request's signal: aborting that signal after the answer
 * came still sends the peer `notifications/cancelled` for a request it has answered, and each
 * request leaves a listener behind on a long-lived signal (a run's). With this, an abort after the
 * work settled reaches nothing.
 */
export async function whileRunning<T>(
  signal: AbortSignal,
  start: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const own = new AbortController()
  const follow = () => own.abort(signal.reason)
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  try {
    return await start(own.signal)
  } finally {
    signal.removeEventListener('abort', follow)
  }
}
