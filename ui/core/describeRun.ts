import type { RunSummary } from '../../store/RunListing.ts'
import { localDayText } from '../../vocabulary/humanTime.ts'
import { clockTime } from '../../vocabulary/Identity.ts'
import type { RunStatus } from '../../vocabulary/RunStatus.ts'

const statusWords: Record<RunStatus, string> = {
  thinking: 'Working',
  preparing: 'Working',
  describing: 'Working',
  executing: 'Working',
  reporting: 'Working',
  awaitingConfirmation: 'Waiting for your decision',
  awaitingInput: 'Ready',
  failed: 'Failed',
  cancelled: 'Ended',
}

/** A run's state in words: `Ready`, `Working`, `Waiting for your decision`, `Ended`, `Failed`. */
export function describeStatus(status: RunStatus): string {
  return statusWords[status] ?? status
}

/** A run of a list in words: its title, its state, when it started, and its badge. */
export interface RunDescription {
  /** The first message, or a stand-in when it had none. */
  title: string
  /** Its state for people: `Ready`, `Working`, `Waiting for your decision`, `Ended`, `Failed`. */
  state: string
  /** When it started, short (`today 14:02`, `Mon 3 Nov`). */
  when: string
  /** Whether the run can take another message (it has not ended). */
  open: boolean
  /** The pending-card badge's text, when a card waits. */
  badge?: string
}

/** How a run list shows `run`, as of `now`. */
export function describeRun(run: RunSummary, now: Date = new Date()): RunDescription {
  const ended = run.status === 'failed' || run.status === 'cancelled'
  return {
    title: run.title === '' ? 'Untitled conversation' : run.title,
    state: describeStatus(run.status),
    when: shortTime(run.startedAt, now),
    open: !ended,
    ...(run.pending && { badge: 'Card waiting' }),
  }
}

function shortTime(iso: string, now: Date): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const sameDay = date.toDateString() === now.toDateString()
  // The same 24-hour clock as the cards ("Allowed by Rita at 14:02").
  if (sameDay) return `today ${clockTime(iso)}`
  return localDayText(iso)
}
