import { roundNumbersIn } from '../../vocabulary/numberText.ts'
import { programLabel } from './plannerCompute.ts'
import { asRecord, numberField, textField } from './plannerFields.ts'
import type { ToolResult } from './plannerResults.ts'
import { capitalise } from './plannerText.ts'

const MAX_OUTPUT_LINES = 20
const MAX_VALUE = 500

/** The planner's words for a `run_code` result: what it printed and the value, or why it stopped. */
export function summarizeCodeRun(
  args: Record<string, unknown>,
  result: Exclude<ToolResult, { kind: 'unreadable' }>,
): string {
  const label = programLabel(textField(args, 'code') ?? '')
  if (result.kind === 'error') {
    if (result.code === 'user_denied') return 'OK, I did not run that code.'
    const line = numberField(result.details, 'line')
    const where = line === undefined ? '' : ` (line ${line})`
    const printed = printedLines(result.details?.output)
    const reason = `${result.message.replace(/[.!]+$/, '')}${where}.`
    const head = label === undefined ? 'The code stopped' : `Computing ${label} stopped`
    return [`${head} with ${result.code}: ${reason}`, ...printedBlock(printed)].join('\n')
  }
  const data = asRecord(result.data)
  const printed = printedLines(data?.output)
  const value = valueText(data)
  const lines = printedBlock(printed)
  if (value !== undefined) {
    lines.push(
      label === undefined ? `The result is ${value}.` : `${capitalise(label)} is ${value}.`,
    )
  }
  return lines.length > 0 ? lines.join('\n') : 'The code ran and printed nothing.'
}

function valueText(data: Record<string, unknown> | undefined): string | undefined {
  if (data === undefined) return undefined
  const text = textField(data, 'valueText')
  // Rounded for people (82.66666666666667 reads 82.67); what the code printed is shown as printed.
  if (text !== undefined) return shorten(roundNumbersIn(text))
  if (!Object.hasOwn(data, 'value')) return undefined
  const value = data.value
  return shorten(
    typeof value === 'string' ? JSON.stringify(value) : roundNumbersIn(JSON.stringify(value) ?? ''),
  )
}

function printedLines(output: unknown): string[] {
  if (typeof output !== 'string' || output.trim() === '') return []
  return output.replace(/\s+$/, '').split(/\r?\n/)
}

function printedBlock(lines: readonly string[]): string[] {
  if (lines.length === 0) return []
  const shown = ['It printed:', ...lines.slice(0, MAX_OUTPUT_LINES)]
  if (lines.length > MAX_OUTPUT_LINES) {
    shown.push(`(Showing the first ${MAX_OUTPUT_LINES} of ${lines.length} lines.)`)
  }
  return shown
}

function shorten(text: string): string {
  return text.length <= MAX_VALUE ? text : `${text.slice(0, MAX_VALUE)}…`
}
