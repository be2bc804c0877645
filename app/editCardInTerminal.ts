import { isDeepStrictEqual } from 'node:util'
import type { AgentRuntime } from '../runtime/AgentRuntime.ts'
import { checkArguments } from '../ui/core/checkArguments.ts'
import {
  type EditField,
  editFields,
  nothingToEdit,
  offersEdit,
  toArguments,
  toFormValues,
} from '../ui/core/editFields.ts'
import { fieldHint, readFieldAnswer, shownValue, visibleInTerminal } from './readFieldAnswer.ts'

/** What the terminal's edit step reads and writes through: the chat's own prompt and line printer. */
export interface TerminalIo {
  /** Asks one line; undefined when the input ended. */
  ask(prompt: string): Promise<string | undefined>
  say(line: string): void
}

/** The answer at a card's prompt that edits it instead of deciding (`e` or `edit`). */
export function isEditAnswer(answer: string | undefined): boolean {
  return /^\s*e(dit)?\s*$/i.test(answer ?? '')
}

/**
 * The card's Edit in the terminal: asks field by field, as the page's form does (the label, the
 * value now; Enter keeps it, `-` clears it, `?` shows every argument; a day takes words such as
 * "friday"), checks each answer against the tool's schema and asks again with a plain reason, then
 * proposes the edited call (the runtime prepares it as a new card, asked about again). A refusal is
 * printed and the card stays as it was. A tool with no fields to ask takes its arguments as JSON.
 */
export async function editCardInTerminal(
  runtime: AgentRuntime,
  runId: string,
  confirmationId: string,
  io: TerminalIo,
  today: () => Date = () => new Date(),
): Promise<void> {
  const card = runtime
    .view(runId)
    .events.findLast(
      (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
    )
  const schema = card?.toolName === undefined ? undefined : runtime.tools.editForm(card.toolName)
  const proposed = parseObject(card?.payloadJson)
  const fields = schema === undefined || proposed === undefined ? [] : editFields(schema)
  const asked = fields.filter((f) => !f.identifies)
  // A card with fields, none of them a person's to change (a delete, an undo): no form, no JSON.
  if (!offersEdit(schema)) {
    io.say(`  ${nothingToEdit}`)
    return
  }
  const text =
    schema === undefined || proposed === undefined || asked.length === 0
      ? await askJson(card?.payloadJson, io)
      : await askFields({ schema, fields, asked, proposed, io, today: today() })
  if (text === undefined) {
    io.say('  not edited')
    return
  }
  try {
    await runtime.command(runId, { kind: 'edit', confirmationId, args: text })
  } catch (error) {
    // invalid_edit and the like: the card is unchanged and asked about again.
    io.say(`  ! the edit was not made: ${(error as Error).message}`)
  }
}

interface FieldsEdit {
  schema: Record<string, unknown>
  fields: readonly EditField[]
  asked: readonly EditField[]
  proposed: Record<string, unknown>
  io: TerminalIo
  today: Date
}

/** Asks each field in turn; the edited arguments as JSON, or undefined when nothing changed. */
async function askFields(edit: FieldsEdit): Promise<string | undefined> {
  const { schema, fields, asked, proposed, io } = edit
  const values = toFormValues(proposed)
  io.say('  Edit each field: Enter keeps it, - clears it, ? shows every field as it stands.')
  for (const field of asked) {
    for (;;) {
      const answer = await io.ask(
        `  ${field.label}${fieldHint(field)} [${shownValue(field, values[field.key])}] › `,
      )
      if (answer === undefined) return undefined
      const typed = answer.trim()
      if (typed === '') break
      if (typed === '?') {
        // In words, field by field as asked, never the call's JSON (ids, ISO dates).
        io.say('  the card would now say:')
        for (const each of asked) io.say(`    ${each.label}: ${shownValue(each, values[each.key])}`)
        continue
      }
      const read =
        typed === '-'
          ? { ok: true as const, value: undefined }
          : readFieldAnswer(field, typed, edit.today)
      if (!read.ok) {
        io.say(`  ! ${read.problem}`)
        continue
      }
      const next = { ...values, [field.key]: read.value }
      const problem = problemWith(field, schema, toArguments(fields, next, proposed), fields)
      if (problem !== undefined) {
        io.say(`  ! ${problem}`)
        continue
      }
      Object.assign(values, next)
      if (field.kind === 'day' && typeof read.value === 'string')
        io.say(`    ${field.label}: ${shownValue(field, read.value)}`)
      break
    }
  }
  const args = toArguments(fields, values, proposed)
  return isDeepStrictEqual(args, proposed) ? undefined : JSON.stringify(args)
}

/** Why the field's new value does not fit the tool's schema, or undefined when it fits. */
function problemWith(
  field: EditField,
  schema: Record<string, unknown>,
  args: Record<string, unknown>,
  fields: readonly EditField[],
): string | undefined {
  if (field.required && args[field.key] === undefined) return `${field.label} cannot be left out.`
  const checked = checkArguments(schema, args, fields)
  return checked.ok ? undefined : checked.problems.find((p) => p.field === field.key)?.message
}

/** The arguments as one line of JSON, for a tool whose schema names no fields to ask. */
async function askJson(argumentsJson: string | undefined, io: TerminalIo) {
  io.say(`  arguments now: ${visibleInTerminal(argumentsJson ?? '{}')}`)
  const text = await io.ask('  new arguments as JSON › ')
  return text === undefined || text.trim() === '' ? undefined : text.trim()
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '')
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
