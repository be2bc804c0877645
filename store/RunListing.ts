import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'
import { RunStoreError } from './RunStoreError.ts'

/** What a run's first save records for the run list: when it started, its first message, whose it is. */
export interface RunStart {
  /** When the run started (ISO-8601). */
  startedAt: string
  /** The run's first user message as a list shows it (see `runTitle`). */
  title: string
  /**
   * Who started the run: an id from the host's authentication (the person, not the node that
   * holds the run's lease). Absent in the single-user app.
   */
  owner?: string
}

/** One conversation in a run list: its start, where it rests now, and whether a card waits. */
export interface RunSummary extends RunStart {
  runId: string
  /** The state the run rests in: as last saved, or live for a run the asking runtime holds. */
  status: RunStatus
  /** Whether the run waits on a confirmation card (its badge in a list). */
  pending: boolean
}

/** What a run list asks for: up to `limit` runs, newest first, older than `cursor`, maybe one person's. */
export interface RunListQuery {
  /** Runs per page, 1 to `maxRunListLimit` (default `defaultRunListLimit`). */
  limit?: number
  /** The `nextCursor` of the page before; absent for the newest runs. */
  cursor?: string
  /** Only runs this person started (`RunStart.owner`). */
  owner?: string
}

/** One page of a run list, newest first. */
export interface RunListPage {
  runs: RunSummary[]
  /** Pass it back as `cursor` for the next (older) page; absent on the last page. */
  nextCursor?: string
}

/** Runs per page unless a query says otherwise. */
export const defaultRunListLimit = 20
/** The most runs one page may hold. */
export const maxRunListLimit = 100
/** The longest title a run list keeps (the first message is cut there). */
export const maxTitleLength = 120

/** A query's page size, bounded to 1..`maxRunListLimit`. */
export function runListLimit(query: RunListQuery): number {
  const { limit } = query
  if (limit === undefined || !Number.isFinite(limit)) return defaultRunListLimit
  return Math.min(maxRunListLimit, Math.max(1, Math.floor(limit)))
}

/**
 * A cursor as the stores hand them out: the decimal position the next page starts before.
 * Anything else (text, a sign, an exponent, more digits than a position has) is refused with
 * `RunStoreError('invalid_cursor')`, so a forged cursor reaches no file offset or query.
 */
export function readCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined
  if (typeof cursor !== 'string' || !/^[0-9]{1,15}$/.test(cursor)) {
    throw new RunStoreError('invalid_cursor', 'that is not a cursor this run list handed out')
  }
  return Number(cursor)
}

/**
 * A page of `entries` (oldest first) newest first, its cursor a position among them, for stores
 * that keep runs in memory: `summarize` turns an entry into its summary, or leaves it out.
 */
export function pageByPosition<T>(
  entries: readonly T[],
  query: RunListQuery,
  summarize: (entry: T) => RunSummary | undefined,
): RunListPage {
  const limit = runListLimit(query)
  let index = Math.min(readCursor(query.cursor) ?? entries.length, entries.length)
  const runs: RunSummary[] = []
  while (index > 0 && runs.length < limit) {
    index -= 1
    const summary = summarize(entries[index] as T)
    if (summary !== undefined) runs.push(summary)
  }
  return index > 0 ? { runs, nextCursor: String(index) } : { runs }
}

/** The status a summary carries and whether it shows a pending-card badge. */
export function summaryStatus(value: string): Pick<RunSummary, 'status' | 'pending'> {
  return { status: value as RunStatus, pending: value === 'awaitingConfirmation' }
}

/** A run's first message as a list shows it: one line, control characters out, cut to `maxTitleLength`. */
export function runTitle(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes.
  const line = text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim()
  if (line.length <= maxTitleLength) return line
  return `${line.slice(0, maxTitleLength - 1).trimEnd()}…`
}

/** The title of a conversation from its messages: its first user message, or '' when it has none. */
export function titleOfMessages(messages: readonly { role: string }[]): string {
  const first = messages.find((m) => m.role === ('user' satisfies ChatMessage['role'])) as
    | { content?: unknown }
    | undefined
  return typeof first?.content === 'string' ? runTitle(first.content) : ''
}
