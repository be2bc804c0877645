/** The state names of a run. */
export type RunStatus =
  | 'thinking'
  | 'preparing'
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
