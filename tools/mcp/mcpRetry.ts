/** Runs `run` after `delayMs`; returns what cancels it. Injected so tests retry without waiting. */
export type RetryTimer = (run: () => void, delayMs: number) => () => void

/** How a server that failed to start is tried again: waits doubling from `firstDelayMs` up to `maxDelayMs`. */
export interface McpRetry {
  /** The wait before the first retry (default 1 s). */
  firstDelayMs: number
  /** The longest wait between two tries (default 5 min): a server that never starts costs one try per this. */
  maxDelayMs: number
  /** Sets the timer of the next try (default: an unref'd `setTimeout`, so it keeps no process alive). */
  timer: RetryTimer
}

/** The retry policy every MCP server connection uses unless told otherwise. */
export const defaultMcpRetry: McpRetry = {
  firstDelayMs: 1_000,
  maxDelayMs: 300_000,
  timer: (run, delayMs) => {
    const timer = setTimeout(run, delayMs)
    timer.unref()
    return () => clearTimeout(timer)
  },
}

/** The wait before the next try after `failures` failed ones in a row (1 or more). */
export function retryDelayMs(retry: McpRetry, failures: number): number {
  const doubled = retry.firstDelayMs * 2 ** Math.min(Math.max(failures - 1, 0), 30)
  return Math.min(doubled, retry.maxDelayMs)
}

/** How one try to start a server ended: its tools, or why it failed and when it is tried again. */
export type McpStartEnded =
  | { server: string; attempt: number; ok: true; tools: number }
  | { server: string; attempt: number; ok: false; error: string; retryInMs: number }
