import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { CardOutcome } from '../core/buildTranscript.ts'
import type { ConfirmationRequest } from '../core/ConfirmationRequest.ts'
import { describePermission } from '../core/describePermission.ts'
import { PermissionBadge } from './PermissionBadge.tsx'

/** One button on a card; `key` is what `onDecide` receives. */
export interface DecisionOption {
  key: string
  label: string
  variant?: 'primary' | 'secondary' | 'danger'
}

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
  /** Called once with the chosen decision's key; reject with a `code` to show why it did not go through. */
  onDecide: (key: string, request: ConfirmationRequest) => unknown
  /** The buttons, left to right; the first gets focus. Defaults to Deny, Allow once. */
  decisions?: readonly DecisionOption[]
  /** More controls placed before the decision buttons (e.g. a menu of lasting decisions). */
  extraActions?: ReactNode
  /** What an expired card says. */
  expiredText?: string
  /** Move keyboard focus to the first button when the card appears (default true). */
  autoFocus?: boolean
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'submitting'; key: string }
  | { kind: 'stale' }
  | { kind: 'failed'; message: string }

/**
 * A confirmation card: what the tool will do, its permission badge, the raw arguments on demand,
 * and the decision buttons. Focus lands on Deny; one click disables every button; a card whose id
 * is no longer pending says it expired instead of sending.
 */
export function ConfirmationCard(props: ConfirmationCardProps) {
  const { request, outcome = 'pending', decisions = defaultDecisions, autoFocus = true } = props
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const busy = useRef(false)
  const firstButton = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const describedId = useId()
  const { sentence } = describePermission(request.permission)
  const live = outcome === 'pending' && phase.kind !== 'stale'

  useEffect(() => {
    if (live && autoFocus) firstButton.current?.focus()
  }, [live, autoFocus])

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
      const code = (error as { code?: unknown } | null)?.code
      if (typeof code === 'string' && staleCodes.has(code)) setPhase({ kind: 'stale' })
      else {
        busy.current = false
        setPhase({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }

  const state = phase.kind === 'stale' ? 'expired' : outcome
  // Submitting lasts until the run shows the outcome (or refuses).
  const submitting = phase.kind === 'submitting' && state === 'pending'
  return (
    <section
      className={`sp-card sp-card--${request.permission} sp-card--${state}`}
      aria-labelledby={titleId}
      aria-describedby={describedId}
      data-confirmation-id={request.confirmationId}
      data-state={submitting ? 'submitting' : state}
    >
      <header className="sp-card__header">
        <PermissionBadge permission={request.permission} />
        <code className="sp-card__tool">{request.toolName}</code>
      </header>
      <p className="sp-card__preview" id={titleId}>
        {request.preview}
      </p>
      <p className="sp-card__explain" id={describedId}>
        {sentence}
      </p>
      <details className="sp-card__details">
        <summary>Show arguments</summary>
        <pre>{prettyJson(request.argumentsJson)}</pre>
      </details>
      {live ? (
        <div className="sp-card__actions">
          {props.extraActions}
          {decisions.map((d, i) => (
            <button
              key={d.key}
              ref={i === 0 ? firstButton : undefined}
              type="button"
              className={`sp-button sp-button--${d.variant ?? 'secondary'}`}
              disabled={phase.kind === 'submitting'}
              aria-busy={phase.kind === 'submitting' && phase.key === d.key}
              onClick={() => void decide(d.key)}
            >
              {phase.kind === 'submitting' && phase.key === d.key ? `${d.label}…` : d.label}
            </button>
          ))}
        </div>
      ) : null}
      <p className="sp-card__status" role="status">
        {statusText(state, submitting, phase, props.expiredText)}
      </p>
    </section>
  )
}

function statusText(
  state: string,
  submitting: boolean,
  phase: Phase,
  expiredText?: string,
): string {
  if (phase.kind === 'failed') return `Could not send your decision: ${phase.message}`
  if (submitting) return 'Sending your decision…'
  if (state === 'allowed') return 'Allowed once.'
  if (state === 'denied') return 'Denied. Nothing was changed.'
  if (state === 'expired')
    return expiredText ?? 'This request expired. It is no longer waiting, and nothing was done.'
  return ''
}

function prettyJson(text: string | undefined): string {
  if (text === undefined) return '(arguments not available)'
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
