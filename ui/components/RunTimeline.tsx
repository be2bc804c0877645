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
import { Markdown } from './Markdown.tsx'

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
  /** The detail is an answer in Markdown (its lists one item a line, as the chat shows them). */
  markdown?: boolean
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
  const names = callNames(events)
  const entries = events.flatMap((e, i) => {
    const entry = describe(e, names)
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
            {entry.detail && entry.markdown ? (
              <Markdown className="sp-timeline__detail" text={entry.detail} headingOffset={3} />
            ) : entry.detail ? (
              <p className="sp-timeline__detail">{entry.detail}</p>
            ) : null}
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

/** What the timeline knows of each call besides its own event: its names and who decided. */
interface CallNames {
  /** The headline of each card (by event seq): its call as it was then. */
  atCard: ReadonlyMap<number, string>
  /** Each call's latest headline: what an edit turned it into, what was done. */
  latest: ReadonlyMap<string, string>
  /** The cards a rule decided, not a person. */
  byRule: ReadonlySet<string>
}

// A call is named by its card's headline ("Create task “Read chapter 6”"): an edit makes a new
// card, so what was done is named as the latest card said, and a rule's decision is no question.
function callNames(events: readonly AgentEvent[]): CallNames {
  const atCard = new Map<number, string>()
  const latest = new Map<string, string>()
  const byRule = new Set<string>()
  for (const e of events) {
    const named = e.description?.headline ?? e.preview
    if (e.kind === 'confirmationRequired' && named !== undefined) {
      atCard.set(e.seq, named)
      if (e.toolCallId !== undefined) latest.set(e.toolCallId, named)
    }
    if (e.kind === 'toolRequested' && e.toolCallId !== undefined && named !== undefined)
      if (!latest.has(e.toolCallId)) latest.set(e.toolCallId, named)
    if (e.kind === 'confirmationResolved' && e.decidedBy === 'policy' && e.confirmationId)
      byRule.add(e.confirmationId)
  }
  return { atCard, latest, byRule }
}

function describe(e: AgentEvent, names: CallNames): Entry | undefined {
  // What the call does in words (its name is for the model).
  const tool = toolWords(e.toolName ?? '', e.permissionOrigin).action
  const doing = toolWords(e.toolName ?? '', e.permissionOrigin).doing
  const latest = e.toolCallId === undefined ? undefined : names.latest.get(e.toolCallId)
  switch (e.kind) {
    case 'runStarted':
      return { tone: 'neutral', title: 'Conversation started' }
    case 'userMessage':
      return { tone: 'neutral', title: 'You wrote', detail: e.text }
    case 'assistantMessage':
      return { tone: 'neutral', title: 'StudyPulse answered', detail: e.text, markdown: true }
    case 'toolRequested':
      return e.permission === undefined
        ? { tone: 'error', title: `Proposed: ${tool} (it could not be prepared)` }
        : { tone: 'neutral', title: `Proposed: ${tool}`, detail: e.preview }
    case 'confirmationRequired':
      return {
        tone: 'ask',
        title: names.byRule.has(e.confirmationId ?? '')
          ? `Your rule decided: ${tool}`
          : `Asked you: ${tool}`,
        detail: names.atCard.get(e.seq),
      }
    case 'callEdited':
      // Named as the edit left it: the card before the edit may have named another task.
      return {
        tone: 'ask',
        title: `${e.person ?? 'You'} changed the card: ${tool}`,
        detail: latest,
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
          title: `Done: ${latest ?? tool}`,
          detail: 'can be undone',
          changeId: change.changeId,
          undoLabel: `Undo ${doing}`,
        }
      }
      // What another service answered, in its words: what the call did there.
      const said = serverAnswer(e)
      if (change.kind === 'outside') {
        const detail = said === undefined ? '' : `${said} — `
        return {
          tone: 'ok',
          title: `Done: ${latest ?? tool}`,
          detail: `${detail}this cannot be undone`,
        }
      }
      return {
        tone: 'ok',
        title: `Done: ${latest ?? tool}`,
        ...(said !== undefined && { detail: said }),
      }
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
