import { DayField } from '../DayField.tsx'
import { ariaDescribedByIds, type RJSFSchema, type WidgetProps } from './rjsf.ts'

/** What the form hands its widgets: the day that words such as "friday" count from. */
export interface CardFormContext {
  today: () => Date
}

/**
 * A card form's date field (`DayField`): takes words such as "friday" or 2026-12-04; words it
 * cannot read stay as typed, so the form refuses them in place.
 */
export function DayWidget(
  props: WidgetProps<Record<string, unknown>, RJSFSchema, CardFormContext>,
) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, label } = props
  return (
    <DayField
      id={id}
      value={typeof value === 'string' ? value : value == null ? undefined : String(value)}
      onChange={onChange}
      label={label}
      today={props.registry.formContext?.today ?? (() => new Date())}
      disabled={disabled || readonly}
      describedBy={ariaDescribedByIds(id)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  )
}
