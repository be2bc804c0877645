import { useId } from 'react'
import type { ProposalView } from '../hooks/useProposal.ts'

/** One button of a `ChangeBar`. */
export interface ChangeAction {
  key: string
  label: string
  onClick: () => void
  /** Set for a button that opens a form: whether it is open. */
  pressed?: boolean
  danger?: boolean
}

/**
 * An opened item's Edit, Move, Delete: a group of buttons, disabled with the reason beside them
 * while the chat cannot take a card.
 */
export function ChangeBar(props: {
  actions: readonly ChangeAction[]
  disabled: boolean
  blocked?: string | undefined
}) {
  const id = useId()
  return (
    <div className="sp-change">
      <div className="sp-change__buttons">
        {props.actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={`sp-button sp-button--small ${action.danger ? 'sp-button--danger' : 'sp-button--secondary'}`}
            disabled={props.disabled}
            data-change={action.key}
            {...(action.pressed !== undefined && { 'aria-pressed': action.pressed })}
            {...(props.blocked && { 'aria-describedby': id })}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
      {props.blocked ? (
        <p id={id} className="sp-muted sp-change__blocked">
          {props.blocked}
        </p>
      ) : null}
    </div>
  )
}

/** What came of the last ask, read out as it changes. */
export function ChangeStatus({ status }: { status: ProposalView['status'] }) {
  return (
    <p
      className={`sp-change__status${status?.kind === 'failed' ? ' sp-notice sp-notice--error' : ''}`}
      role="status"
    >
      {status?.text ?? ''}
    </p>
  )
}

/** A change form's Ask and Cancel, and why the form was refused. */
export function FormButtons(props: {
  busy: boolean
  error: string | undefined
  onCancel: () => void
}) {
  return (
    <>
      {props.error ? (
        <p className="sp-card__edit-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <div className="sp-change__buttons">
        <button
          type="submit"
          className="sp-button sp-button--primary sp-button--small"
          disabled={props.busy}
        >
          Ask on a card
        </button>
        <button
          type="button"
          className="sp-button sp-button--secondary sp-button--small"
          onClick={props.onCancel}
        >
          Cancel
        </button>
      </div>
    </>
  )
}

/** Whether a day field holds a day (`YYYY-MM-DD`) or nothing. */
export function isDayOrBlank(value: string | undefined): boolean {
  return value === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value)
}

/** Why a day field's words were refused. */
export function notADay(value: string | undefined): string {
  return `“${value ?? ''}” is not a day I can read: try friday, next monday or 4 Dec.`
}
