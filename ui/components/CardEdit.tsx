import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import type { JsonSchema } from '../../models/messages.ts'
import type { ConfirmationRequest } from '../core/ConfirmationRequest.ts'
import { editFields, nothingToEdit, offersEdit } from '../core/editFields.ts'
import { CardEditor } from './CardEditor.tsx'
import type { CardEditFormProps } from './cardForm/CardEditForm.tsx'

// The form (react-jsonschema-form) loads when a person presses Edit, not with the page; if its
// code cannot be loaded, the arguments are edited as JSON.
const CardEditForm = lazy(() =>
  import('./cardForm/CardEditForm.tsx').catch(() => ({
    default: (props: CardEditFormProps) => (
      <CardEditor
        initial={JSON.stringify(props.proposed, null, 2)}
        onSave={props.onSave}
        onCancel={props.onCancel}
      />
    ),
  })),
)

/** Props of `CardEdit`. */
export interface CardEditProps {
  request: ConfirmationRequest
  /** The card's arguments as pretty JSON, for the JSON editor. */
  initialJson: string
  /** The tool's JSON Schema for the form; without one (or when it fails), the JSON editor. */
  loadSchema?: ((request: ConfirmationRequest) => Promise<JsonSchema | undefined>) | undefined
  /** Sends the edited arguments as JSON; a rejection's message shows in the editor, which stays. */
  onSave: (argumentsJson: string) => Promise<void>
  onCancel: () => void
}

/**
 * A card's Edit: a form drawn from the tool's JSON Schema when the run can give one (loaded lazily),
 * else the arguments as JSON. Either way, saving proposes the edited call as a new card.
 */
export function CardEdit(props: CardEditProps) {
  const { request, loadSchema, onSave, onCancel } = props
  const { confirmationId } = request
  // undefined: still asking; null: no form for this card.
  const [schema, setSchema] = useState<JsonSchema | null | undefined>(
    loadSchema === undefined ? null : undefined,
  )
  // Asked once per card: the chat re-renders with every event, handing a new function each time.
  const load = useRef(loadSchema)
  load.current = loadSchema
  const shown = useRef(request)
  shown.current = request
  useEffect(() => {
    if (load.current === undefined || confirmationId === '') return
    let live = true
    load.current(shown.current).then(
      (found) => live && setSchema(found ?? null),
      () => live && setSchema(null),
    )
    return () => {
      live = false
    }
  }, [confirmationId])

  const opening = (
    <p className="sp-card__editor-label" role="status">
      Opening the editor…
    </p>
  )
  if (schema === undefined) return opening
  const proposed = argumentsOf(request.argumentsJson)
  // Fields, but none a person's to change (a delete's target, an undo): say so, no empty form.
  if (!offersEdit(schema ?? undefined))
    return (
      <div className="sp-card__editor-label" role="status">
        <p>{nothingToEdit}</p>
        <button
          type="button"
          className="sp-button sp-button--secondary sp-button--small"
          onClick={onCancel}
        >
          Back to the card
        </button>
      </div>
    )
  if (schema === null || proposed === undefined || editFields(schema).length === 0)
    return <CardEditor initial={props.initialJson} onSave={onSave} onCancel={onCancel} />
  const json = <CardEditor initial={props.initialJson} onSave={onSave} onCancel={onCancel} />
  return (
    <FallBack to={json}>
      <Suspense fallback={opening}>
        <CardEditForm
          schema={schema}
          proposed={proposed}
          onSave={onSave}
          onCancel={onCancel}
          holds={holdsNow(request)}
        />
      </Suspense>
    </FallBack>
  )
}

/** A schema the form cannot draw (an MCP server's, say) leaves the JSON editor, not a broken page. */
class FallBack extends Component<{ to: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.to : this.props.children
  }
}

function argumentsOf(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '')
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

// A change card's "before" column: what the record holds now, by the field's label.
function holdsNow(request: ConfirmationRequest): Record<string, string> {
  const rows = request.description?.fields ?? []
  return Object.fromEntries(
    rows.flatMap((row) =>
      row.before !== undefined && row.after !== undefined ? [[row.label, row.before]] : [],
    ),
  )
}
