import { useEffect, useId, useRef, useState } from 'react'

/** Props of `CardEditor`. */
export interface CardEditorProps {
  /** The arguments to start from, as pretty JSON. */
  initial: string
  /** Sends the edit; a rejection's message is shown under the field and the editor stays. */
  onSave: (text: string) => Promise<void>
  onCancel: () => void
}

/** Edits a card's arguments as JSON in place; the runtime validates them, its complaint shows inline. */
export function CardEditor({ initial, onSave, onCancel }: CardEditorProps) {
  const [text, setText] = useState(initial)
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const field = useRef<HTMLTextAreaElement>(null)
  const fieldId = useId()
  const errorId = useId()

  useEffect(() => field.current?.focus(), [])

  const save = async () => {
    if (saving) return
    setSaving(true)
    setError(undefined)
    try {
      await onSave(text)
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      setError(message.charAt(0).toUpperCase() + message.slice(1))
      setSaving(false)
    }
  }

  return (
    <div className="sp-card__editor">
      <label htmlFor={fieldId} className="sp-card__editor-label">
        Edit the arguments (JSON). Saving makes a new card for you to decide.
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className="sp-card__textarea"
        value={text}
        rows={Math.min(12, Math.max(3, text.split('\n').length + 1))}
        spellCheck={false}
        aria-invalid={error !== undefined}
        {...(error !== undefined && { 'aria-describedby': errorId })}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel()
        }}
      />
      {error !== undefined ? (
        <p id={errorId} className="sp-card__edit-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="sp-card__actions">
        <button
          type="button"
          className="sp-button sp-button--secondary"
          onClick={onCancel}
          disabled={saving}
        >
          Cancel edit
        </button>
        <button
          type="button"
          className="sp-button sp-button--primary"
          onClick={() => void save()}
          disabled={saving || text.trim() === '' || text === initial}
          aria-busy={saving}
        >
          {saving ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </div>
  )
}
