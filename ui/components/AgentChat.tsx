import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { JsonSchema } from '../../models/messages.ts'
import { answerChoices } from '../../vocabulary/answerChoices.ts'
import type { RunStatus } from '../../vocabulary/RunStatus.ts'
import type { TranscriptItem } from '../core/buildTranscript.ts'
import type { ConfirmationRequest } from '../core/ConfirmationRequest.ts'
import { lastingDecisions } from '../core/cardDecisions.ts'
import { isDecidingRun } from '../core/DecidingRun.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import type { RunSource } from '../core/RunSource.ts'
import { submitCommand } from '../core/submitCommand.ts'
import { submitDecision } from '../core/submitDecision.ts'
import { useRunBusy, useRunStatus, useTranscript } from '../hooks/runHooks.ts'
import { AnswerChoices } from './AnswerChoices.tsx'
import { type CardUnavailable, ConfirmationCard, type DecisionOption } from './ConfirmationCard.tsx'
import { Markdown } from './Markdown.tsx'

/** Props of `AgentChat`. */
export interface AgentChatProps {
  /** The run shown; undefined before the first message. */
  run: RunSource | undefined
  /** Starts a new run with the user's text (when there is no run, or it has ended). */
  onStartRun: (text: string) => void | Promise<void>
  /** The buttons on each card (default Deny, Allow once). */
  decisions?: readonly DecisionOption[]
  /**
   * Handles decisions other than `allow`/`deny`. Without it, the lasting decisions (`allow-run`,
   * `allow-session`, `deny-always`) go through the runtime's API when the run is a `DecidingRun`.
   */
  onDecision?: (key: string, request: ConfirmationRequest, run: RunSource) => unknown
  /**
   * The lasting decisions behind each card's "More choices"; default `lastingDecisions` when the
   * run can keep rules (a `LocalRunClient` or `RemoteRunClient`), none for a bare actor.
   */
  moreDecisions?: (request: ConfirmationRequest) => readonly DecisionOption[]
  /** Offer Edit on cards (default true when the run can take edits). */
  allowEdit?: boolean
  /** Extra card controls, per card. */
  renderCardActions?: (request: ConfirmationRequest) => ReactNode
  /** Decisions this person cannot make on a card, and who can (see `ConfirmationCard`). */
  cardUnavailable?: (request: ConfirmationRequest) => CardUnavailable | undefined
  /** Shown when there are no messages yet. */
  emptyState?: ReactNode
  placeholder?: string
  /**
   * Cancel first says what it does (the run stops, a waiting card closes unanswered, the
   * conversation ends) and asks again; default true. False cancels at the first click.
   */
  confirmCancel?: boolean
}

const cancelExplained =
  'StudyPulse stops at once and nothing more runs: a waiting card closes unanswered, and what was already done stays done. The conversation stays in your list to read, but it cannot go on.'

const statusLine: Partial<Record<RunStatus, string>> = {
  thinking: 'Thinking…',
  preparing: 'Preparing a step…',
  describing: 'Reading what this would change…',
  awaitingConfirmation: 'Waiting for your decision',
  executing: 'Working…',
  reporting: 'Working…',
}

/**
 * The chat: messages with confirmation cards inline, streamed text, an input box and a cancel
 * button that says what cancelling does before it ends the conversation. Once the run has
 * ended, it says so: the next message starts a new chat (`onStartRun`).
 */
export function AgentChat(props: AgentChatProps) {
  const { run } = props
  const items = useTranscript(run)
  const status = useRunStatus(run)
  const busy = useRunBusy(run)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string>()
  const [askingCancel, setAskingCancel] = useState(false)
  const bottom = useRef<HTMLLIElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const keepGoing = useRef<HTMLButtonElement>(null)
  const ended = run !== undefined && (status === 'cancelled' || status === 'failed')
  const last = items.at(-1)
  const lastKey =
    last === undefined ? '' : `${last.key}:${last.kind === 'assistant' ? last.text.length : ''}`

  const lastIsCard = last?.kind === 'confirmation'
  useEffect(() => {
    if (lastKey === '') return
    // A card is read from its headline: one taller than the chat shows its top, and its buttons
    // stay at the chat's bottom (styles.css); anything else shows the end.
    const lastItem = bottom.current?.previousElementSibling
    if (lastIsCard && lastItem) lastItem.scrollIntoView?.({ block: 'start' })
    else bottom.current?.scrollIntoView?.({ block: 'end' })
  }, [lastKey, lastIsCard])
  // The safe choice has the focus, as Deny does on a card; the question goes with the run's work.
  // Keep going puts the focus back on Cancel, which is back once the question has gone.
  const backToCancel = useRef(false)
  useEffect(() => {
    if (askingCancel) keepGoing.current?.focus()
    else if (backToCancel.current) cancelButton.current?.focus()
    backToCancel.current = false
  }, [askingCancel])
  useEffect(() => {
    if (!busy) setAskingCancel(false)
  }, [busy])

  const cancel = () => {
    if (run === undefined) return
    setAskingCancel(false)
    void submitCommand(run, { type: 'CANCEL', reason: 'cancelled by the user' })
  }
  const keep = () => {
    backToCancel.current = true
    setAskingCancel(false)
  }

  // A message typed, or a choice's words clicked: the same next message either way.
  const send = async (message: string, typed: boolean) => {
    if (message === '' || busy || sending) return
    setSending(true)
    setError(undefined)
    try {
      if (run !== undefined && status === 'awaitingInput')
        await submitCommand(run, { type: 'USER_INPUT', text: message })
      else await props.onStartRun(message)
      if (typed) setText('')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setSending(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    return send(text.trim(), true)
  }
  // Only the last answer's choices can be clicked, and only while the chat waits for a message.
  const choose =
    last?.kind === 'assistant' && !busy && !sending
      ? (words: string) => void send(words, false)
      : undefined

  // An Undo proposes a card; nothing is taken back before that card is allowed.
  const undo = (changeId: string) => {
    if (run === undefined) return
    setError(undefined)
    submitCommand(run, { type: 'UNDO', changeId }).catch((e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    )
  }

  const decide = (key: string, request: ConfirmationRequest) => {
    if (run === undefined) return
    if (props.onDecision && key !== 'allow' && key !== 'deny')
      return props.onDecision(key, request, run)
    return submitDecision(run, request, key)
  }
  const deciding = isDecidingRun(run)
  const moreDecisions = props.moreDecisions ?? (deciding ? lastingDecisions : undefined)
  const edit =
    deciding && props.allowEdit !== false
      ? async (text: string, request: ConfirmationRequest) => {
          if (!isDecidingRun(run)) throw new RunCommandError('not_supported', 'cannot edit')
          await run.edit(request.confirmationId, text)
        }
      : undefined
  // The run's tool schemas, when it can give them, make Edit a form.
  const loadSchema =
    edit !== undefined && isDecidingRun(run) && run.argumentsSchema !== undefined
      ? (request: ConfirmationRequest) =>
          run.argumentsSchema?.(request.confirmationId) ?? Promise.resolve(undefined)
      : undefined

  return (
    <div className="sp-chat" aria-busy={busy}>
      <ol className="sp-chat__log" aria-live="polite" aria-label="Conversation">
        {items.length === 0 ? <li className="sp-chat__empty">{props.emptyState}</li> : null}
        {items.map((item) => (
          <li key={item.key} className={`sp-chat__item sp-chat__item--${item.kind}`}>
            <ChatItem
              item={item}
              onDecide={decide}
              decisions={props.decisions}
              moreDecisions={moreDecisions}
              onEdit={edit}
              loadSchema={loadSchema}
              renderCardActions={props.renderCardActions}
              cardUnavailable={props.cardUnavailable}
              onUndo={run !== undefined && status === 'awaitingInput' ? undo : undefined}
              onChoose={item === last ? choose : undefined}
            />
          </li>
        ))}
        <li ref={bottom} aria-hidden="true" className="sp-chat__end" />
      </ol>
      <div className="sp-chat__footer">
        <p className="sp-chat__status" role="status">
          {busy && status ? (statusLine[status] ?? 'Working…') : ''}
        </p>
        {error ? <p className="sp-chat__error">{error}</p> : null}
        {askingCancel ? (
          <fieldset className="sp-chat__confirm">
            <legend className="sp-chat__confirm-title">End this conversation?</legend>
            <p className="sp-chat__confirm-text">{cancelExplained}</p>
            <div className="sp-chat__confirm-actions">
              <button
                ref={keepGoing}
                type="button"
                className="sp-button sp-button--secondary"
                onClick={keep}
              >
                Keep going
              </button>
              <button type="button" className="sp-button sp-button--danger" onClick={cancel}>
                End conversation
              </button>
            </div>
          </fieldset>
        ) : null}
        {ended ? (
          <p className="sp-chat__ended">
            This conversation has ended. A message you send starts a new chat.
          </p>
        ) : null}
        <form className="sp-chat__form" onSubmit={(e) => void submit(e)}>
          <textarea
            className="sp-chat__input"
            aria-label="Message"
            rows={1}
            value={text}
            onKeyDown={(e) => {
              // Enter sends; Shift+Enter starts a new line, so a note of several lines stays whole.
              if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return
              e.preventDefault()
              e.currentTarget.form?.requestSubmit()
            }}
            placeholder={
              ended
                ? 'Start a new chat…'
                : (props.placeholder ?? 'Ask StudyPulse to plan, find or remember something…')
            }
            onChange={(e) => setText(e.target.value)}
            disabled={busy}
          />
          {busy && run ? (
            // While "End this conversation?" is asked, its two answers are the only way on.
            askingCancel ? null : (
              <button
                key="cancel"
                ref={cancelButton}
                type="button"
                className="sp-button sp-button--secondary"
                onClick={() => (props.confirmCancel === false ? cancel() : setAskingCancel(true))}
              >
                Cancel
              </button>
            )
          ) : (
            <button
              key="send"
              type="submit"
              className="sp-button sp-button--primary"
              disabled={sending || text.trim() === ''}
            >
              Send
            </button>
          )}
        </form>
      </div>
    </div>
  )
}

interface ChatItemProps {
  item: TranscriptItem
  onDecide: (key: string, request: ConfirmationRequest) => unknown
  decisions: readonly DecisionOption[] | undefined
  moreDecisions: ((request: ConfirmationRequest) => readonly DecisionOption[]) | undefined
  onEdit: ((text: string, request: ConfirmationRequest) => Promise<void>) | undefined
  loadSchema: ((request: ConfirmationRequest) => Promise<JsonSchema | undefined>) | undefined
  renderCardActions: ((request: ConfirmationRequest) => ReactNode) | undefined
  cardUnavailable: ((request: ConfirmationRequest) => CardUnavailable | undefined) | undefined
  /** Offered while the run waits for input: an Undo on each Done line of a workspace change. */
  onUndo?: ((changeId: string) => void) | undefined
  /** Sends a choice the last answer offered, as the next message. */
  onChoose?: ((words: string) => void) | undefined
}

function ChatItem(props: ChatItemProps) {
  const {
    item,
    onDecide,
    decisions,
    moreDecisions,
    onEdit,
    loadSchema,
    renderCardActions,
    onUndo,
  } = props
  const unavailable =
    item.kind === 'confirmation' ? props.cardUnavailable?.(item.request) : undefined
  switch (item.kind) {
    case 'user':
      return <p className="sp-bubble sp-bubble--user">{item.text}</p>
    case 'assistant': {
      // An answer that asks back offers its choices as buttons (any model's, not only the planner's).
      const asked = item.streaming ? undefined : answerChoices(item.text)
      if (asked !== undefined) return <AnswerChoices asked={asked} onChoose={props.onChoose} />
      // The model's text is untrusted markdown: rendered as elements, never as HTML.
      return (
        <Markdown
          className={`sp-bubble sp-bubble--assistant${item.streaming ? ' sp-bubble--streaming' : ''}`}
          text={item.text}
        />
      )
    }
    case 'thinking':
      // Folded: the model's reasoning is there for a person who wants it, not in the way.
      return (
        <details className="sp-thinking">
          <summary>Thinking</summary>
          <Markdown className="sp-thinking__text" text={item.text} />
        </details>
      )
    case 'confirmation':
      return (
        <ConfirmationCard
          request={item.request}
          outcome={item.outcome}
          {...(item.resolution && { resolution: item.resolution })}
          onDecide={onDecide}
          {...(decisions && { decisions })}
          {...(moreDecisions && { moreDecisions: moreDecisions(item.request) })}
          {...(onEdit && { onEdit })}
          {...(loadSchema && { loadSchema })}
          extraActions={renderCardActions?.(item.request)}
          {...(unavailable && { unavailable })}
        />
      )
    case 'activity':
      return (
        <p className={`sp-activity${item.ok ? '' : ' sp-activity--failed'}`}>
          <span aria-hidden="true">{item.ok ? '✓' : '✕'}</span> {item.text}
          {item.changeId !== undefined && onUndo !== undefined && (
            <>
              {' '}
              <button
                type="button"
                className="sp-activity__undo"
                aria-label={`Undo: ${item.text}`}
                onClick={() => onUndo(item.changeId as string)}
              >
                Undo
              </button>
            </>
          )}
        </p>
      )
    case 'notice':
      return <p className={`sp-notice sp-notice--${item.tone}`}>{item.text}</p>
  }
}
