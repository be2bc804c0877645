import { useState } from 'react'
import { dayText } from '../../vocabulary/humanTime.ts'
import { readDay } from '../core/readDay.ts'

/** Props of `DayField`. */
export interface DayFieldProps {
  id: string
  /** `YYYY-MM-DD`, words not read as a day yet, or undefined for none. */
  value: string | undefined
  /** The day read from what was typed (`YYYY-MM-DD`), the words as typed when they name no day, or undefined when blank. */
  onChange: (value: string | undefined) => void
  /** The field's name, for the calendar button's label. */
  label: string
  /** The day that words such as "friday" count from. */
  today: () => Date
  disabled?: boolean
  describedBy?: string
  onBlur?: () => void
  onFocus?: () => void
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/

/**
 * A date field that takes words: "friday", "next monday", "in two weeks" or 2026-12-04, read by
 * the planner's own rule (`readDay`), with the day it understood spelled out under it in the
 * app's one format and a calendar beside it. Words it cannot read stay as typed.
 */
export function DayField(props: DayFieldProps) {
  const { id, value, onChange, label, today, disabled, describedBy } = props
  const day = typeof value === 'string' && isoDay.test(value) ? value : undefined
  const [text, setText] = useState(day === undefined ? String(value ?? '') : dayText(day))
  const readoutId = `${id}__day`
  const type = (typed: string) => {
    setText(typed)
    if (typed.trim() === '') return onChange(undefined)
    onChange(readDay(typed, today()) ?? typed)
  }
  const pick = (picked: string) => {
    setText(picked === '' ? '' : dayText(picked))
    onChange(picked === '' ? undefined : picked)
  }
  return (
    <div className="sp-day">
      <input
        id={id}
        name={id}
        type="text"
        className="sp-day__words"
        value={text}
        disabled={disabled}
        autoComplete="off"
        placeholder="friday, next monday or 4 Dec"
        aria-describedby={describedBy ? `${readoutId} ${describedBy}` : readoutId}
        onChange={(e) => type(e.target.value)}
        {...(props.onBlur && { onBlur: props.onBlur })}
        {...(props.onFocus && { onFocus: props.onFocus })}
      />
      <input
        type="date"
        className="sp-day__calendar"
        aria-label={`${label}: pick a day on a calendar`}
        value={day ?? ''}
        disabled={disabled}
        onChange={(e) => pick(e.target.value)}
      />
      <span id={readoutId} className="sp-day__readout" aria-live="polite">
        {day !== undefined ? dayText(day) : ''}
      </span>
    </div>
  )
}
