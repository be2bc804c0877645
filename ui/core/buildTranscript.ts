import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { decidedByText, type Person } from '../../vocabulary/Identity.ts'
import { toolWords } from '../../vocabulary/toolWords.ts'
import { type ConfirmationRequest, toConfirmationRequest } from './ConfirmationRequest.ts'
import { changeOf, undoneChangeIds } from './changeOf.ts'

/**
 * Where a card stands: waiting; decided (`allowed`, `denied`); `expired` (its time ran out);
 * `replaced` (the user edited it into a new card); `stale` (no longer answerable, e.g. cancelled);
 * `changed` (allowed, but what it showed had changed by then, so nothing was written).
 */
export type CardOutcome =
  | 'pending'
  | 'allowed'
  | 'denied'
  | 'expired'
  | 'replaced'
  | 'stale'
  | 'changed'

/** Who decided a card, and by which rule (as the run logged it). */
export interface CardResolution {
  decidedBy: 'user' | 'policy' | 'timeout'
  rule?: string
  /** Hosted mode: the signed-in person who decided, and when. */
  decider?: Person
  at?: string
}

/** One entry of the chat as a person reads it. */
export type TranscriptItem =
  | { kind: 'user'; key: string; text: string; at: string }
  | { kind: 'assistant'; key: string; text: string; at: string; streaming: boolean }
  /** The model's reasoning for its turn, shown folded ("Thinking") before its answer. */
  | { kind: 'thinking'; key: string; text: string; at: string }
  | {
      kind: 'confirmation'
      key: string
      request: ConfirmationRequest
      outcome: CardOutcome
      resolution?: CardResolution
    }
  | {
      kind: 'activity'
      key: string
      text: string
      ok: boolean
      at: string
      /** A workspace change this line reports, which an Undo button can take back. */
      changeId?: string
    }
  | { kind: 'notice'; key: string; text: string; tone: 'info' | 'error'; at: string }

/**
 * Turns a run's event log into chat items: messages, inline cards, streamed text, tool activity.
 * `waiting`: the run waits for a decision now, so its latest undecided card is the open one.
 */
export function buildTranscript(events: readonly AgentEvent[], waiting: boolean): TranscriptItem[] {
  const items: TranscriptItem[] = []
  const decided = new Map<string, AgentEvent>()
  const undone = undoneChangeIds(events)
  const replaced = new Set<string>()
  const lastCard = new Map<string, string>()
  // What each call is called in the chat: its latest card's headline (an edit makes a new card,
  // so every later line names the edited call), else its preview as the model proposed it.
  const previews = new Map<string, string>()
  // The card item of each call, so a result that says its target changed can mark it.
  const cards = new Map<string, number>()
  // The log's latest card, by its place in the log: the one a waiting run shows.
  let latestCardSeq: number | undefined
  for (const e of events) {
    if (e.kind === 'confirmationRequired') latestCardSeq = e.seq
    if (e.kind === 'confirmationResolved' && e.confirmationId !== undefined)
      decided.set(e.confirmationId, e)
    if (e.kind === 'confirmationRequired' && e.confirmationId !== undefined) {
      // An edit issues a new card for the same call; the old one was never decided.
      const before = lastCard.get(e.toolCallId ?? '')
      if (before !== undefined) replaced.add(before)
      lastCard.set(e.toolCallId ?? '', e.confirmationId)
    }
  }
  let stream: { text: string; at: string; seq: number } | undefined
  const flushStream = (streaming: boolean) => {
    if (stream === undefined) return
    items.push({ kind: 'assistant', key: `s${stream.seq}`, ...stream, streaming })
    stream = undefined
  }
  for (const e of events) {
    const key = `e${e.seq}`
    switch (e.kind) {
      case 'userMessage':
        items.push({ kind: 'user', key, text: e.text ?? '', at: e.at })
        break
      case 'assistantDelta':
        stream = stream ?? { text: '', at: e.at, seq: e.seq }
        stream.text += e.text ?? ''
        break
      case 'assistantReasoning':
        if (e.text) items.push({ kind: 'thinking', key, text: e.text, at: e.at })
        break
      case 'assistantMessage':
        // The finished message replaces the text streamed for it.
        stream = undefined
        items.push({ kind: 'assistant', key, text: e.text ?? '', at: e.at, streaming: false })
        break
      case 'statusChanged':
        if (e.status !== 'thinking') flushStream(false)
        break
      case 'toolRequested':
        if (e.toolCallId !== undefined) previews.set(e.toolCallId, e.preview ?? e.toolName ?? '')
        break
      case 'confirmationRequired': {
        const id = e.confirmationId ?? ''
        const named = e.description?.headline ?? e.preview
        if (e.toolCallId !== undefined && named !== undefined) previews.set(e.toolCallId, named)
        const resolved = decided.get(id)
        cards.set(e.toolCallId ?? '', items.length)
        items.push({
          kind: 'confirmation',
          key,
          request: toConfirmationRequest(e, events),
          ...(resolved === undefined
            ? {
                outcome:
                  waiting && e.seq === latestCardSeq
                    ? 'pending'
                    : replaced.has(id)
                      ? 'replaced'
                      : 'stale',
              }
            : {
                outcome: outcomeOf(resolved),
                resolution: {
                  decidedBy: resolved.decidedBy ?? 'user',
                  ...(resolved.rule !== undefined && { rule: resolved.rule }),
                  ...(resolved.decider !== undefined && {
                    decider: resolved.decider,
                    at: resolved.at,
                  }),
                },
              }),
        })
        break
      }
      case 'confirmationApproved':
        // A card with a quorum: an approval that counted, the card still waiting for more.
        items.push({ kind: 'activity', key, ok: true, at: e.at, text: approved(e, previews) })
        break
      case 'toolCompleted':
        items.push(doneItem(e, key, done(e, previews, decided), undone))
        break
      case 'toolFailed':
        if (e.error?.code === 'target_changed') {
          markChanged(items, cards.get(e.toolCallId ?? ''))
          items.push({ kind: 'activity', key, ok: false, at: e.at, text: changed(e, previews) })
          break
        }
        // A denial or an expiry is already shown on its card.
        if (e.error?.code !== 'user_denied' && e.error?.code !== 'confirmation_expired')
          items.push({
            kind: 'activity',
            key,
            ok: false,
            at: e.at,
            text: `Could not finish ${toolWords(e.toolName ?? '', e.permissionOrigin).doing}: ${e.error?.message ?? 'unknown error'}`,
          })
        break
      case 'runFailed':
        flushStream(false)
        items.push({
          kind: 'notice',
          key,
          tone: 'error',
          at: e.at,
          text: `The run stopped: ${e.error?.message ?? 'unknown error'}`,
        })
        break
      case 'runCancelled':
        flushStream(false)
        items.push({
          kind: 'notice',
          key,
          tone: 'info',
          at: e.at,
          text: 'Cancelled. Nothing more will run.',
        })
        break
      default:
        break
    }
  }
  flushStream(true)
  return items
}

function markChanged(items: TranscriptItem[], index: number | undefined): void {
  const card = index === undefined ? undefined : items[index]
  if (card?.kind === 'confirmation') items[index as number] = { ...card, outcome: 'changed' }
}

function changed(e: AgentEvent, previews: ReadonlyMap<string, string>): string {
  const preview = e.toolCallId === undefined ? undefined : previews.get(e.toolCallId)
  const what = preview !== undefined && preview !== '' ? `: ${preview}` : ''
  return `Nothing was written${what}. It changed after the card was shown (in another window or device).`
}

function outcomeOf(resolved: AgentEvent): CardOutcome {
  if (resolved.decision === 'allow') return 'allowed'
  return resolved.decidedBy === 'timeout' ? 'expired' : 'denied'
}

function done(
  e: AgentEvent,
  previews: ReadonlyMap<string, string>,
  decided: ReadonlyMap<string, AgentEvent>,
): string {
  const preview = e.toolCallId === undefined ? undefined : previews.get(e.toolCallId)
  const what = preview !== undefined && preview !== '' ? preview : actionOf(e)
  if (e.permission === 'read') return `Looked up: ${what}`
  // Hosted mode: the Done line says who allowed it.
  const resolved = [...decided.values()].find((d) => d.toolCallId === e.toolCallId)
  const who = decidedByText(resolved?.decider, undefined)
  return `Done: ${what}${who === '' ? '' : ` (allowed ${who})`}`
}

function actionOf(e: AgentEvent): string {
  return toolWords(e.toolName ?? '', e.permissionOrigin).action
}

/** A Done line, with the change it can undo, or saying that what ran outside cannot be undone. */
function doneItem(
  e: AgentEvent,
  key: string,
  text: string,
  undone: ReadonlySet<string>,
): TranscriptItem {
  const change = changeOf(e)
  // Taken back already: the line says so and offers no Undo.
  if (change.kind === 'undoable' && undone.has(change.changeId)) {
    return { kind: 'activity', key, ok: true, at: e.at, text: `${text} (undone since)` }
  }
  if (change.kind === 'outside') {
    return { kind: 'activity', key, ok: true, at: e.at, text: `${text} (this cannot be undone)` }
  }
  return {
    kind: 'activity',
    key,
    ok: true,
    at: e.at,
    text,
    ...(change.kind === 'undoable' && { changeId: change.changeId }),
  }
}

function approved(e: AgentEvent, previews: ReadonlyMap<string, string>): string {
  const preview = e.toolCallId === undefined ? undefined : previews.get(e.toolCallId)
  const what = preview !== undefined && preview !== '' ? preview : actionOf(e)
  const more = e.approvalsNeeded ?? 0
  return `Approved ${decidedByText(e.decider, e.at)}: ${what} — ${more} more approval${more === 1 ? '' : 's'} needed`
}
