import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { JsonSchema } from '../../models/messages.ts'
import { fileTitles } from '../../vocabulary/fileTitle.ts'
import { clockTime } from '../../vocabulary/Identity.ts'
import { toolWords } from '../../vocabulary/toolWords.ts'
import { mixedScriptWarning, visibleText } from '../../vocabulary/visibleText.ts'
import type { CardOutcome, CardResolution } from '../core/buildTranscript.ts'
import type { ConfirmationRequest } from '../core/ConfirmationRequest.ts'
import type { DecisionOption } from '../core/cardDecisions.ts'
import { codeToRun } from '../core/codeToRun.ts'
import { describeCardState } from '../core/describeCardState.ts'
import { describeEffect } from '../core/describeEffect.ts'
import { describePermission } from '../core/describePermission.ts'
import { nothingToDo } from '../core/nothingToDo.ts'
import { useEditSchema } from '../hooks/useEditSchema.ts'
import { CallDescriptionView } from './CallDescriptionView.tsx'
import { CardEdit } from './CardEdit.tsx'
import { CodeBlock } from './CodeBlock.tsx'
import { PermissionBadge } from './PermissionBadge.tsx'

export type { DecisionOption } from '../core/cardDecisions.ts'

/** The two decisions every card offers: Deny (focused first) and Allow once. */
export const defaultDecisions: readonly DecisionOption[] = Object.freeze([
  { key: 'deny', label: 'Deny', variant: 'secondary' },
  { key: 'allow', label: 'Allow once', variant: 'primary' },
])

/** Error codes that mean the card can no longer be answered. */
const staleCodes = new Set(['confirmation_not_found', 'confirmation_expired', 'run_not_found'])

/** Props of `ConfirmationCard`. */
export interface ConfirmationCardProps {
  request: ConfirmationRequest
  /** Where the card stands in the run; anything but `pending` shows the outcome instead of buttons. */
  outcome?: CardOutcome
  /** Who decided a decided card (the user, a rule, or the clock), and by which rule. */
  resolution?: CardResolution
  /** Called once with the chosen decision's key; reject with a `code` to show why it did not go through. */
  onDecide: (key: string, request: ConfirmationRequest) => unknown
  /** The buttons, left to right; the first gets focus. Defaults to Deny, Allow once. */
  decisions?: readonly DecisionOption[]
  /** Lasting decisions kept behind a "More choices" disclosure (see `lastingDecisions`). */
  moreDecisions?: readonly DecisionOption[]
  /** Offers Edit: called with the edited JSON; reject with a message to show it under the field. */
  onEdit?: (argumentsJson: string, request: ConfirmationRequest) => unknown
  /** The tool's JSON Schema, so Edit draws a form (else it shows the arguments as JSON). */
  loadSchema?: (request: ConfirmationRequest) => Promise<JsonSchema | undefined>
  /** More controls placed before the decision buttons. */
  extraActions?: ReactNode
  /** What a card that can no longer be answered (cancelled, refused) says. */
  staleText?: string
  /** Move keyboard focus to the first button when the card appears (default true). */
  autoFocus?: boolean
  /**
   * Decisions this person cannot make here (the host's approval rules, or a run another process
   * holds): those buttons are disabled and `note` says who can, or where to answer it.
   */
  unavailable?: CardUnavailable
}

/** Which decisions a card's person cannot make here, and what the card says instead. */
export interface CardUnavailable {
  /** Allow (and every lasting allow) is disabled. */
  allow: boolean
  /** Deny (and every lasting deny) is disabled. */
  deny: boolean
  note: string
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'submitting'; key: string }
  | { kind: 'editing' }
  | { kind: 'replaced' }
  | { kind: 'stale' }
  | { kind: 'failed'; message: string }

/**
 * A confirmation card: what the tool will do (with its description, when the run read one: the
 * field table and line diff of what changes), its permission badge, the raw arguments on demand,
 * the decision buttons, lasting decisions behind "More choices", and Edit. Focus lands on Deny; one
 * click disables every button; a card whose id is no longer pending says so instead of sending.
 */
export function ConfirmationCard(props: ConfirmationCardProps) {
  const { request, outcome = 'pending', autoFocus = true } = props
  // A card that would change nothing (undone already, no such record) offers no Allow: only a
  // way to close it, whose reason is then the true one.
  const nothing = nothingToDo(request)
  const decisions = nothing === undefined ? (props.decisions ?? defaultDecisions) : dismissOnly
  const more = nothing === undefined ? (props.moreDecisions ?? []) : []
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [moreOpen, setMoreOpen] = useState(false)
  const busy = useRef(false)
  const firstButton = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const describedId = useId()
  const moreId = useId()
  const bringsBack = request.description?.bringsBack === true
  const sentence = describeEffect(
    request.permission,
    request.permissionOrigin,
    request.toolName,
    bringsBack,
  )
  // What this call does, shown: an undo that only brings records back is a write to the person
  // (the level that gates it, and what may be kept as a rule, stay the tool's).
  const shownLevel = bringsBack ? 'write' : request.permission
  const program = codeToRun(request)
  const headline = request.description?.headline ?? request.preview
  const mixed = mixedScriptWarning(
    [headline, request.argumentsJson ?? '', ...fieldTexts(request)].join('\n'),
  )
  // Someone else decided first (another page, another node): the card says what was decided,
  // and by whom when it is known, not only that it no longer waits.
  const decidedElsewhere = phase.kind === 'stale' && (outcome === 'allowed' || outcome === 'denied')
  const state: CardOutcome =
    phase.kind === 'stale' && !decidedElsewhere
      ? 'stale'
      : phase.kind === 'replaced' && outcome === 'pending'
        ? 'replaced'
        : outcome
  const live = state === 'pending'
  const editing = live && phase.kind === 'editing'
  // Asked when the card is drawn: a card with nothing a person may change shows no Edit.
  const edit = useEditSchema(request, props.loadSchema, live && props.onEdit !== undefined)

  useEffect(() => {
    if (live && !editing && autoFocus) firstButton.current?.focus()
  }, [live, editing, autoFocus])

  const fail = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && staleCodes.has(code)) {
      setPhase({ kind: 'stale' })
      return true
    }
    return false
  }

  const decide = async (key: string) => {
    // A ref, not state: a double click lands before React re-renders the disabled buttons.
    if (busy.current) return
    if (outcome !== 'pending') {
      setPhase({ kind: 'stale' })
      return
    }
    busy.current = true
    setPhase({ kind: 'submitting', key })
    try {
      await props.onDecide(key, request)
    } catch (error) {
      if (!fail(error)) {
        busy.current = false
        setPhase({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }

  const saveEdit = async (text: string) => {
    if (busy.current || props.onEdit === undefined) return
    busy.current = true
    try {
      await props.onEdit(text, request)
      setPhase({ kind: 'replaced' })
    } catch (error) {
      busy.current = false
      if (!fail(error)) throw error
    }
  }

  // Submitting lasts until the run shows the outcome (or refuses).
  const submitting = phase.kind === 'submitting' && live
  const unavailable = props.unavailable
  // Keys are `allow…` or `deny…` (see cardDecisions): a lasting choice goes with its kind.
  const barred = (key: string) =>
    unavailable !== undefined &&
    ((key.startsWith('allow') && unavailable.allow) || (key.startsWith('deny') && unavailable.deny))
  const button = (d: DecisionOption, first: boolean) => (
    <button
      key={d.key}
      ref={first ? firstButton : undefined}
      type="button"
      className={`sp-button sp-button--${d.variant ?? 'secondary'}`}
      data-decision={d.key}
      disabled={phase.kind === 'submitting' || barred(d.key)}
      aria-busy={phase.kind === 'submitting' && phase.key === d.key}
      onClick={() => void decide(d.key)}
    >
      {phase.kind === 'submitting' && phase.key === d.key ? `${d.label}…` : d.label}
    </button>
  )
  return (
    <article
      className={`sp-card sp-card--${shownLevel} sp-card--${state}`}
      aria-labelledby={titleId}
      aria-describedby={describedId}
      data-confirmation-id={request.confirmationId}
      data-state={submitting ? 'submitting' : state}
      data-decided-by={props.resolution?.decidedBy}
    >
      <header className="sp-card__header">
        <PermissionBadge permission={shownLevel} />
        <span className="sp-card__tool">
          {visibleText(toolWords(request.toolName, request.permissionOrigin).action, 'mark')}
        </span>
      </header>
      <p className="sp-card__preview" id={titleId}>
        {visibleText(headline, 'mark')}
      </p>
      {mixed ? (
        <p className="sp-card__mixed" data-testid="mixed-scripts">
          <span aria-hidden="true">⚠ </span>
          {mixed}
        </p>
      ) : null}
      <p className="sp-card__explain" id={describedId}>
        {sentence}
      </p>
      {request.permissionOrigin ? (
        <p className="sp-card__origin" data-permission-source={request.permissionOrigin.source}>
          Level {describePermission(request.permission).label.toLowerCase()}:{' '}
          {visibleText(request.permissionOrigin.text, 'mark')}
        </p>
      ) : null}
      {request.description ? <CallDescriptionView description={request.description} /> : null}
      {program ? (
        <div className="sp-card__program">
          <CodeBlock code={program.code} label="Code that will run" />
          {program.inputs.length > 0 ? (
            <p className="sp-card__inputs">
              Reads, and changes nothing in: {visibleText(fileTitles(program.inputs), 'mark')}
            </p>
          ) : null}
        </div>
      ) : null}
      {editing && props.onEdit ? (
        <CardEdit
          request={request}
          initialJson={prettyJson(request.argumentsJson)}
          loadSchema={edit.loadSchema}
          onSave={saveEdit}
          onCancel={() => setPhase({ kind: 'idle' })}
        />
      ) : (
        // Developer words (the call as the tool gets it: ids, ISO dates) behind "Details"; the
        // attribute lets scans of what a student reads leave them out.
        <details className="sp-card__details" data-developer-view="arguments">
          <summary>Details</summary>
          {/* As they run, bidi and zero-width characters shown (JSON leaves them raw). */}
          <pre>{visibleText(prettyJson(request.argumentsJson))}</pre>
        </details>
      )}
      {live && !editing ? (
        <>
          <div className="sp-card__actions">
            <div className="sp-card__secondary">
              {more.length > 0 ? (
                <button
                  type="button"
                  className="sp-card__link"
                  aria-expanded={moreOpen}
                  aria-controls={moreId}
                  disabled={phase.kind === 'submitting'}
                  onClick={() => setMoreOpen((open) => !open)}
                >
                  More choices <span aria-hidden="true">{moreOpen ? '▴' : '▾'}</span>
                </button>
              ) : null}
              {props.onEdit && edit.offers ? (
                <button
                  type="button"
                  className="sp-card__link"
                  disabled={phase.kind === 'submitting'}
                  onClick={() => setPhase({ kind: 'editing' })}
                >
                  Edit
                </button>
              ) : null}
              {props.extraActions}
            </div>
            {decisions.map((d, i) => button(d, i === 0))}
          </div>
          {more.length > 0 && moreOpen ? (
            <fieldset className="sp-card__more" id={moreId}>
              <legend className="sp-card__more-legend">
                Keep this decision (you can revoke it under Your rules)
              </legend>
              {more.map((d) => button(d, false))}
            </fieldset>
          ) : null}
          {unavailable ? (
            <p className="sp-card__unavailable" data-testid="card-unavailable">
              {unavailable.note}
            </p>
          ) : null}
          {request.expiresAt ? (
            <p className="sp-card__deadline">
              Waits until <time dateTime={request.expiresAt}>{clockTime(request.expiresAt)}</time>,
              then expires and nothing is done.
            </p>
          ) : null}
        </>
      ) : null}
      <p className="sp-card__status" role="status">
        {/* A refused attempt is old news once the card is decided (by someone the rules allow). */}
        {phase.kind === 'failed' && live
          ? `Could not send your decision: ${phase.message}`
          : submitting
            ? 'Sending your decision…'
            : describeCardState({
                outcome: state,
                toolName: request.toolName,
                resolution: props.resolution,
                chosenKey: phase.kind === 'submitting' ? phase.key : undefined,
                staleText: props.staleText,
                decidedElsewhere,
                nothingToDo: nothing,
              })}
      </p>
    </article>
  )
}

const dismissOnly: readonly DecisionOption[] = Object.freeze([
  { key: 'deny', label: 'Dismiss', variant: 'secondary' },
])

function prettyJson(text: string | undefined): string {
  if (text === undefined) return '(arguments not available)'
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

function fieldTexts(request: ConfirmationRequest): string[] {
  return (request.description?.fields ?? []).flatMap((f) => [f.before ?? '', f.after ?? ''])
}
