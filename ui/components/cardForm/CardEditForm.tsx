import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { JsonSchema } from '../../../models/messages.ts'
import { type EditField, editFields, toArguments, toFormValues } from '../../core/editFields.ts'
import { type CardFormContext, DayWidget } from './DayWidget.tsx'
import { formValidator } from './formValidator.ts'
import { Form, type RJSFSchema, type UiSchema } from './rjsf.ts'

type Values = Record<string, unknown>

/** Props of `CardEditForm`. */
export interface CardEditFormProps {
  /** The tool's JSON Schema: the fields drawn, and what checks them. */
  schema: JsonSchema
  /** The card's arguments, the form's starting values. */
  proposed: Values
  /** Sends the edited arguments as JSON; a rejection's message shows in the form, which stays. */
  onSave: (argumentsJson: string) => Promise<void>
  onCancel: () => void
  /** The day words such as "friday" count from (default: today, on this computer). */
  today?: () => Date
  /**
   * What the record holds now, by field label (a change card's "before" column): a field the
   * proposal leaves blank says that blank keeps it.
   */
  holds?: Readonly<Record<string, string>>
}

const widgets = { DateWidget: DayWidget }

/**
 * The card's Edit as a form drawn from the tool's JSON Schema (react-jsonschema-form): a day takes
 * words, numbers and choices are fields of their kind, and the tool's schema checks the values; a
 * value it refuses is said in place, in plain words. Saving proposes the edited call (a new card).
 */
export default function CardEditForm(props: CardEditFormProps) {
  const { schema, proposed, onSave, onCancel } = props
  const fields = useMemo(() => editFields(schema), [schema])
  const formSchema = useMemo(() => toFormSchema(fields), [fields])
  const uiSchema = useMemo(
    () => toUiSchema(fields, proposed, props.holds ?? {}),
    [fields, proposed, props.holds],
  )
  const validator = useMemo(
    () => formValidator(schema, fields, proposed),
    [schema, fields, proposed],
  )
  const context = useMemo<CardFormContext>(
    () => ({ today: props.today ?? (() => new Date()) }),
    [props.today],
  )
  const [values, setValues] = useState<Values>(() => toFormValues(proposed))
  const [refused, setRefused] = useState<string>()
  const [saving, setSaving] = useState(false)
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '')
  const saving$ = useRef(false)
  const box = useRef<HTMLDivElement>(null)

  // The first field has the focus, as the JSON editor's text area had.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')?.focus()
  }, [])

  const save = async (edited: Values) => {
    if (saving$.current) return
    saving$.current = true
    setSaving(true)
    setRefused(undefined)
    try {
      await onSave(JSON.stringify(toArguments(fields, edited, proposed)))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      setRefused(message.charAt(0).toUpperCase() + message.slice(1))
    } finally {
      saving$.current = false
      setSaving(false)
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the form cancels the edit
    <div
      ref={box}
      className="sp-card__editor sp-card__form"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel()
      }}
    >
      <p className="sp-card__editor-label">
        Change what you need; saving makes a new card for you to decide.
      </p>
      <Form<Values, RJSFSchema, CardFormContext>
        schema={formSchema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        formContext={context}
        formData={values}
        idPrefix={`sp-edit-${prefix}`}
        showErrorList={false}
        // The edit holds what the model proposed and the person changed: no schema defaults added.
        experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults' }}
        noHtml5Validate
        // Checked when saved, not on blur: a message appearing or going as a field loses the focus
        // would move the buttons under the pointer between press and release.
        focusOnFirstError
        disabled={saving}
        onChange={(change) => setValues(change.formData ?? {})}
        // Refusals are shown in place, under their fields; nothing more to report.
        onError={() => {}}
        onSubmit={(submitted) => void save(submitted.formData ?? {})}
      >
        {refused !== undefined ? (
          <p className="sp-card__edit-error" role="alert">
            {refused}
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
            type="submit"
            className="sp-button sp-button--primary"
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </Form>
    </div>
  )
}

/** The schema the form draws: each field under its label, `null` taken out (empty clears it). */
function toFormSchema(fields: readonly EditField[]): RJSFSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map((field) => {
        const { default: _unasked, ...schema } = field.schema
        return [field.key, { ...schema, title: field.label } as RJSFSchema]
      }),
    ),
    required: fields.filter((field) => field.required).map((field) => field.key),
  }
}

/**
 * How each field is drawn: the record's id stays as proposed, long text in a text area, and a
 * field the proposal leaves blank on a change says what the record keeps ("Left blank, it stays
 * “Essay”."), so an empty box is not read as "none". A change card shows only the title and what
 * it changes: a field it does not show keeps what the record holds, and says so in words.
 */
function toUiSchema(
  fields: readonly EditField[],
  proposed: Values,
  holds: Readonly<Record<string, string>>,
): UiSchema<Values, RJSFSchema, CardFormContext> {
  const change = Object.keys(holds).length > 0
  return Object.fromEntries(
    fields.map((field) => {
      if (field.identifies) return [field.key, { 'ui:widget': 'hidden' }]
      const keeps = keepsHelp(field, proposed, holds, change)
      return [
        field.key,
        field.kind === 'longText'
          ? { 'ui:widget': 'textarea', 'ui:options': { rows: 3 }, ...keeps }
          : keeps,
      ]
    }),
  )
}

// What a blank box keeps, on a change card, for a field the proposal leaves out.
function keepsHelp(
  field: EditField,
  proposed: Values,
  holds: Readonly<Record<string, string>>,
  change: boolean,
): { 'ui:help'?: string } {
  if (!change || field.kind === 'yesNo' || Object.hasOwn(proposed, field.key)) return {}
  const now = holds[field.label]
  return {
    'ui:help':
      now !== undefined && now !== ''
        ? `Left blank, it stays “${now}”.`
        : 'Left blank, it stays as it is now.',
  }
}
