import { useId } from 'react'
import { describeRun } from '../core/describeRun.ts'
import type { RunLister } from '../core/RunLister.ts'
import { useRunList } from '../hooks/useRunList.ts'

/** Props of `RunList`. */
export interface RunListProps {
  /** Where the runs are read: a `StudyPulseClient`, or `localRuns(runtime)`. */
  runs: RunLister
  /** The run shown now: marked as the current one. */
  currentRunId?: string
  /** Opens a run (reopening it with its whole history and any open card is the caller's). */
  onOpen: (runId: string) => void
  /** Given, a "New chat" button calls it. */
  onNewChat?: () => void
  /** Read again whenever this changes (e.g. the current run's status). */
  refreshKey?: unknown
  /** Runs per page (default 20); "Show older" reads the next. */
  pageSize?: number
}

/**
 * Your conversations, newest first: each with its first message, its state, when it started
 * and a badge when a card waits on it; "New chat" above, "Show older" below. A landmark
 * (`nav`) of its own, named "Conversations".
 */
export function RunList(props: RunListProps) {
  const { currentRunId, onOpen, onNewChat } = props
  const list = useRunList(props.runs, {
    ...(props.pageSize !== undefined && { pageSize: props.pageSize }),
    refreshKey: props.refreshKey,
  })
  const heading = useId()
  const now = new Date()
  return (
    <nav className="sp-runs" aria-labelledby={heading} aria-busy={list.status === 'loading'}>
      <div className="sp-runs__head">
        <h2 id={heading} className="sp-runs__heading">
          Conversations
        </h2>
        {onNewChat ? (
          <button
            type="button"
            className="sp-button sp-button--secondary sp-runs__new"
            onClick={onNewChat}
          >
            New chat
          </button>
        ) : null}
      </div>
      {list.error ? (
        <p className="sp-notice sp-notice--error">
          Could not read your conversations: {list.error}
        </p>
      ) : null}
      {list.status === 'ready' && list.runs.length === 0 ? (
        <p className="sp-muted">No conversations yet.</p>
      ) : null}
      <ul className="sp-runs__list">
        {list.runs.map((run) => {
          const shown = describeRun(run, now)
          const current = run.runId === currentRunId
          return (
            <li key={run.runId}>
              <button
                type="button"
                className={`sp-runs__item${current ? ' sp-runs__item--current' : ''}`}
                aria-current={current ? 'true' : undefined}
                data-run-id={run.runId}
                data-status={run.status}
                onClick={() => onOpen(run.runId)}
              >
                <span className="sp-runs__title">{shown.title}</span>
                <span className="sp-runs__meta">
                  <span className={`sp-runs__state${shown.open ? '' : ' sp-runs__state--ended'}`}>
                    {shown.state}
                  </span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={run.startedAt}>{shown.when}</time>
                </span>
                {shown.badge ? <span className="sp-runs__badge">{shown.badge}</span> : null}
              </button>
            </li>
          )
        })}
      </ul>
      {list.more ? (
        <button
          type="button"
          className="sp-button sp-button--secondary sp-runs__more"
          onClick={list.loadMore}
          disabled={list.loadingMore}
        >
          {list.loadingMore ? 'Reading older conversations…' : 'Show older'}
        </button>
      ) : null}
    </nav>
  )
}
