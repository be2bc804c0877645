/** The state names of a run. */
export type RunStatus =
  | 'thinking'
  | 'preparing'
  /** Reading what the prepared call would change, for its card (tools with a describe step). */
  | 'describing'
  | 'awaitingConfirmation'
  | 'executing'
  | 'reporting'
  | 'awaitingInput'
  | 'failed'
  | 'cancelled'

/** Whether a run in this state has ended for good (the statechart's final states). */
export function isEnded(status: RunStatus | string | undefined): boolean {
  return status === 'failed' || status === 'cancelled'
}
