import { useState } from 'react'
import { formatDay } from '../../../tools/studypulse/taskText.ts'
import { readDay } from '../../core/readDay.ts'
import { ariaDescribedByIds, type RJSFSchema, type WidgetProps } from './rjsf.ts'

/** What the form hands its widgets: the day that words such as "friday" count from. */
export interface CardFormContext {
  today: () => Date
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/

/**
 * A date field that takes words: "friday", "next monday", "in two weeks" or 2026-12-04, read by
 * the planner's own rule (`readDay`), with the day it understood spelled out under it and a
 * calendar beside it. Words it cannot read stay as typed, so the form refuses them in place.
 */
export function DayWidget(
  props: WidgetProps<Record<string, unknown>, RJSFSchema, CardFormContext>,
) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, label } = props
  const today = props.registry.formContext?.today ?? (() => new Date())
  const day = typeof value === 'string' && isoDay.test(value) ? value : undefined
  const [text, setText] = useState(day === undefined ? String(value ?? '') : formatDay(day))
  const readoutId = `${id}__day`

  const type = (typed: string) => {
    setText(typed)
    if (typed.trim() === '') return onChange(undefined)
    // Not a day: the typed words go to the form as they are, and its check says why.
    onChange(readDay(typed, today()) ?? typed)
  }
  const pick = (picked: string) => {
    setText(picked === '' ? '' : formatDay(picked))
    onChange(picked === '' ? undefined : picked)
  }
  const off = disabled || readonly
  return (
    <div className="sp-day">
      <input
        id={id}
        name={id}
        type="text"
        className="sp-day__words"
        value={text}
        disabled={off}
        autoComplete="off"
        placeholder="friday, next monday or 4 Dec"
        aria-describedby={`${readoutId} ${ariaDescribedByIds(id)}`}
        onChange={(e) => type(e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <input
        type="date"
        className="sp-day__calendar"
        aria-label={`${label}: pick a day on a calendar`}
        value={day ?? ''}
        disabled={off}
        onChange={(e) => pick(e.target.value)}
      />
      <span id={readoutId} className="sp-day__readout" aria-live="polite">
        {day !== undefined ? formatDay(day) : ''}
      </span>
    </div>
  )
}
