import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { clockText } from '../../vocabulary/humanTime.ts'
import { decidedByText } from '../../vocabulary/Identity.ts'
import { toolWords } from '../../vocabulary/toolWords.ts'
import { changeOf, undoneChangeIds } from '../core/changeOf.ts'
import { ruleName } from '../core/describeCardState.ts'
import { type EditedField, editedFields } from '../core/editedFields.ts'
import type { RunSource } from '../core/RunSource.ts'
import { serverAnswer } from '../core/serverAnswer.ts'
import { useRunEvents } from '../hooks/runHooks.ts'

/** Props of `RunTimeline`. */
export interface RunTimelineProps {
  run: RunSource | undefined
  /** Formats an event time (default: local `HH:MM:SS`). */
  formatTime?: (iso: string) => string
  /** Offered while the run waits for input: an Undo on each completed workspace change. */
  onUndo?: ((changeId: string) => void) | undefined
}

interface Entry {
  tone: 'neutral' | 'ask' | 'ok' | 'no' | 'error'
  title: string
  detail?: string | undefined
  /** What an edit changed, field by field in the card's words. */
  edited?: EditedField[]
  /** The workspace change a completed call made, which can be undone. */
  changeId?: string | undefined
  /** What its Undo button says to a screen reader: "Undo adding a task". */
  undoLabel?: string
}

/** The run's event log as a readable timeline: requests, cards, decisions, results, with times. */
export function RunTimeline({ run, formatTime = localTime, onUndo }: RunTimelineProps) {
  const events = useRunEvents(run)
  // A change taken back already offers no second Undo.
  const undone = undoneChangeIds(events)
  const entries = events.flatMap((e, i) => {
    const entry = describe(e)
    if (entry !== undefined && e.kind === 'callEdited') entry.edited = editedFields(events, i)
    if (entry?.changeId !== undefined && undone.has(entry.changeId))
      return [{ e, entry: { ...entry, changeId: undefined, detail: 'undone since' } }]
    return entry ? [{ e, entry }] : []
  })
  if (entries.length === 0) return <p className="sp-muted">Nothing has happened in this run yet.</p>
  return (
    <ol className="sp-timeline" aria-label="Run timeline">
      {entries.map(({ e, entry }) => (
        <li
          key={e.seq}
          className={`sp-timeline__item sp-timeline__item--${entry.tone}`}
          data-kind={e.kind}
        >
          <time dateTime={e.at}>{formatTime(e.at)}</time>
          <div>
            <p className="sp-timeline__title">{entry.title}</p>
            {entry.detail ? <p className="sp-timeline__detail">{entry.detail}</p> : null}
            {entry.changeId !== undefined && onUndo !== undefined ? (
              <button
                type="button"
                className="sp-timeline__undo"
                aria-label={entry.undoLabel ?? 'Undo'}
                onClick={() => onUndo(entry.changeId as string)}
              >
                Undo
              </button>
            ) : null}
            {entry.edited !== undefined && entry.edited.length > 0 ? (
              <dl className="sp-timeline__change">
                {entry.edited.map((field) => (
                  <div key={field.label} className="sp-timeline__field">
                    <dt>{field.label}:</dt>
                    <dd>
                      <del>{field.before}</del> → <ins>{field.after}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  )
}

function describe(e: AgentEvent): Entry | undefined {
  // What the call does in words (its name is for the model).
  const tool = toolWords(e.toolName ?? '', e.permissionOrigin).action
  const doing = toolWords(e.toolName ?? '', e.permissionOrigin).doing
  switch (e.kind) {
    case 'runStarted':
      return { tone: 'neutral', title: 'Run started' }
    case 'userMessage':
      return { tone: 'neutral', title: 'You wrote', detail: e.text }
    case 'assistantMessage':
      return { tone: 'neutral', title: 'StudyPulse answered', detail: e.text }
    case 'toolRequested':
      return e.permission === undefined
        ? { tone: 'error', title: `Proposed: ${tool} (it could not be prepared)` }
        : { tone: 'neutral', title: `Proposed: ${tool}`, detail: e.preview }
    case 'confirmationRequired':
      return {
        tone: 'ask',
        title: `Asked you: ${tool}`,
        detail: e.description?.headline ?? e.preview,
      }
    case 'callEdited':
      return {
        tone: 'ask',
        title: `${e.person ?? 'You'} edited the arguments`,
        detail: e.preview,
      }
    case 'confirmationResolved':
      if (e.decidedBy === 'timeout')
        return { tone: 'no', title: `Expired: ${tool}`, detail: 'Nobody decided in time.' }
      return e.decision === 'allow'
        ? {
            tone: 'ok',
            title: e.decidedBy === 'policy' ? `Allowed: ${tool}` : `Allowed once: ${tool}`,
            detail: by(e),
          }
        : { tone: 'no', title: `Denied: ${tool}`, detail: by(e) }
    case 'toolCompleted': {
      const change = changeOf(e)
      if (change.kind === 'undoable') {
        return {
          tone: 'ok',
          title: `Done: ${tool}`,
          detail: 'can be undone',
          changeId: change.changeId,
          undoLabel: `Undo ${doing}`,
        }
      }
      // What another service answered, in its words: what the call did there.
      const said = serverAnswer(e)
      if (change.kind === 'outside') {
        const detail = said === undefined ? '' : `${said} — `
        return { tone: 'ok', title: `Done: ${tool}`, detail: `${detail}this cannot be undone` }
      }
      return { tone: 'ok', title: `Done: ${tool}`, ...(said !== undefined && { detail: said }) }
    }
    case 'toolFailed':
      return e.error?.code === 'user_denied'
        ? { tone: 'no', title: `Not done: ${tool} (denied)` }
        : { tone: 'error', title: `Failed: ${doing}`, detail: e.error?.message }
    case 'runFailed':
      return { tone: 'error', title: 'Run failed', detail: e.error?.message }
    case 'runCancelled':
      return { tone: 'no', title: 'Run cancelled', detail: e.text }
    default:
      return undefined
  }
}

function by(e: AgentEvent): string | undefined {
  if (e.decidedBy === 'policy') return `By your rule: ${ruleName(e.rule)}`
  const who = decidedByText(e.decider, undefined)
  return who === '' ? undefined : `Decided ${who}`
}

// The app's one time format.
function localTime(iso: string): string {
  return clockText(iso) || iso
}
