import { describe, expect, it } from 'vitest'
import { findDate } from '../../models/offline/plannerChrono.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { checkArguments } from '../../ui/core/checkArguments.ts'
import {
  editFields,
  hasEditableFields,
  toArguments,
  toFormValues,
} from '../../ui/core/editFields.ts'
import { readDay } from '../../ui/core/readDay.ts'

// A Wednesday.
const today = new Date(2026, 11, 2, 10)
const schemaOf = (name: string) => {
  const found = createCoreToolRegistry()
    .definitions()
    .find((d) => d.name === name)
  if (found === undefined) throw new Error(`no tool ${name}`)
  return found.parameters
}

describe('readDay: a date field takes a date or the words the planner understands', () => {
  it('reads words as the planner does, and a date as written', () => {
    expect(readDay('friday', today)).toBe('2026-12-04')
    expect(readDay('Next Monday', today)).toBe('2026-12-07')
    expect(readDay('by tomorrow', today)).toBe('2026-12-03')
    expect(readDay('in two weeks', today)).toBe('2026-12-16')
    expect(readDay(' 2026-12-24 ', today)).toBe('2026-12-24')
    // The one rule: the planner's own reading of the same words.
    for (const words of ['friday', 'next monday', 'the 10th', 'in a fortnight'])
      expect(readDay(words, today)).toBe(findDate(words, today)?.due)
  })

  it('follows the planner’s week rule: next week’s weekday, "monday week", "tue 15th"', () => {
    const sunday = new Date(2026, 11, 6, 10)
    expect(readDay('next monday', sunday)).toBe('2026-12-07')
    expect(readDay('next tues', sunday)).toBe('2026-12-08')
    expect(readDay('next wednesday', today)).toBe('2026-12-09')
    expect(readDay('monday week', today)).toBe('2026-12-14')
    expect(readDay('a week tomorrow', today)).toBe('2026-12-10')
    expect(readDay('end of the week', today)).toBe('2026-12-06')
    expect(readDay('tue 15th', today)).toBe('2026-12-15')
  })

  it('is undefined for what is not one day and nothing else', () => {
    expect(readDay('', today)).toBeUndefined()
    expect(readDay('someday soon', today)).toBeUndefined()
    expect(readDay('friday after the lab', today)).toBeUndefined()
    expect(readDay('2026-02-30', today)).toBeUndefined()
    expect(readDay(`friday ${'x'.repeat(100)}`, today)).toBeUndefined()
  })
})

describe('editFields: the fields of a tool schema, as a form or the terminal asks them', () => {
  it('names, kinds and what may be cleared, from update_task', () => {
    const fields = editFields(schemaOf('update_task'))
    expect(
      fields.map((f) => [f.key, f.label, f.kind, f.required, f.nullable, f.identifies]),
    ).toEqual([
      ['id', 'Id', 'text', true, false, true],
      ['title', 'Title', 'text', false, false, false],
      ['due', 'Due', 'day', false, true, false],
      ['importance', 'Importance', 'whole', false, true, false],
      ['done', 'Done', 'yesNo', false, false, false],
      ['notes', 'Notes', 'longText', false, true, false],
    ])
    expect(editFields(schemaOf('list_tasks')).map((f) => f.label)).toEqual([
      'Due from',
      'Due to',
      'Done',
    ])
    expect(
      editFields({
        type: 'object',
        properties: { level: { enum: ['low', 'high'], title: 'How' } },
      }),
    ).toMatchObject([{ key: 'level', label: 'How', kind: 'choice', choices: ['low', 'high'] }])
  })

  it('an emptied field is left out, or null where the proposal had it and null clears it; the id stays', () => {
    const fields = editFields(schemaOf('update_task'))
    const proposed = { id: 't1', due: '2026-12-04', importance: null }
    expect(toFormValues(proposed)).toEqual({ id: 't1', due: '2026-12-04' })
    expect(toArguments(fields, { id: 'other', due: '', title: 'Essay' }, proposed)).toEqual({
      id: 't1',
      title: 'Essay',
      due: null,
      importance: null,
    })
    // create_task cannot take null: an emptied due date is left out.
    const create = editFields(schemaOf('create_task'))
    expect(
      toArguments(create, { title: 'Essay', due: undefined }, { title: 'E', due: '2026-12-04' }),
    ).toEqual({ title: 'Essay' })
  })
})

describe("a card's Edit offers only what changes what the card does (issue #48)", () => {
  const formOf = (name: string) => {
    const form = createCoreToolRegistry().editForm(name)
    if (form === undefined) throw new Error(`no tool ${name}`)
    return editFields(form)
  }
  const asked = (name: string) =>
    formOf(name)
      .filter((f) => !f.identifies)
      .map((f) => f.key)

  it("a delete's title and an undo's change are not asked: nothing is, so the Edit says so", () => {
    for (const name of ['delete_task', 'delete_note', 'undo_change']) {
      expect(asked(name), name).toEqual([])
      expect(hasEditableFields(formOf(name)), name).toBe(false)
    }
  })

  it("a note's change asks its title and text, not its file name; a task's change asks its fields", () => {
    expect(asked('update_note')).toEqual(['title', 'content', 'append'])
    expect(asked('update_task')).toEqual(['title', 'due', 'importance', 'done', 'notes'])
    // What the model is shown is unchanged: only the Edit's form marks what it keeps.
    expect(JSON.stringify(schemaOf('delete_task'))).not.toContain('readOnly')
  })
})

describe("checkArguments: the tool's schema, said in plain words per field", () => {
  const schema = schemaOf('update_task')
  const fields = editFields(schema)
  const problems = (args: unknown) => {
    const checked = checkArguments(schema, args, fields)
    return checked.ok ? [] : checked.problems.map((p) => [p.field, p.message])
  }

  it('accepts what the schema accepts', () => {
    expect(problems({ id: 't1', due: '2026-12-04', importance: 5, done: true })).toEqual([])
    expect(problems({ id: 't1', due: null, importance: null, notes: null })).toEqual([])
  })

  it('says what is wrong, once per field, without schema words', () => {
    const said = problems({ title: 5, due: 'friday', importance: 9, done: 'yes', extra: 1 })
    expect(said).toEqual([
      ['id', 'Id is needed.'],
      ['title', 'Title needs text.'],
      ['due', 'Due: write a day, such as friday, next monday or 4 Dec.'],
      ['importance', 'Importance can be at most 5.'],
      ['done', 'Done is yes or no.'],
      ['extra', 'This step does not take “extra”.'],
    ])
    expect(problems({ id: 't1', importance: 2.5 })).toEqual([
      ['importance', 'Importance needs a whole number, such as 3.'],
    ])
    expect(problems({ id: 't1', due: '2026-02-30' })).toEqual([
      ['due', 'Due: write a day, such as friday, next monday or 4 Dec.'],
    ])
    expect(JSON.stringify(said)).not.toMatch(/ISO|Instance|schema|expected/i)
  })

  it("leaves patterns to the server (linear-time RE2 there); a pattern can't stall the page", () => {
    const mcp = {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$', maxLength: 80 } },
    }
    const checked = checkArguments(mcp, { name: `${'a'.repeat(40)}!` }, editFields(mcp))
    expect(checked).toEqual({ ok: true })
    // The schema itself is not changed (a tool's schema is frozen and shared).
    expect(mcp.properties.name.pattern).toBe('^(a+)+$')
    const tooLong = checkArguments(mcp, { name: 'a'.repeat(81) }, editFields(mcp))
    expect(tooLong).toMatchObject({
      ok: false,
      problems: [{ message: 'Name can be at most 80 characters long.' }],
    })
  })

  it('compiles no regular expression a schema carries (patternProperties, propertyNames, formats)', () => {
    // The page's engine backtracks: `^(a|a)*$` on a 31-character name ran for over a minute. Every
    // regular expression the validator would build is caught here instead of run.
    const hostile = '^(a|a)*$'
    const schemas = [
      { type: 'object', patternProperties: { [hostile]: { type: 'string' } } },
      { type: 'object', propertyNames: { pattern: hostile } },
      { type: 'object', properties: { p: { type: 'string', pattern: hostile } } },
      {
        $defs: { n: { type: 'string', pattern: hostile } },
        properties: { p: { $ref: '#/$defs/n' } },
      },
      { type: 'object', properties: { q: { type: 'string', format: 'regex' } } },
    ]
    const built: string[] = []
    const Real = globalThis.RegExp
    globalThis.RegExp = new Proxy(Real, {
      construct(target, args) {
        built.push(String(args[0]))
        if (String(args[0]).includes('(a|a)')) throw new Error('would stall the page')
        return Reflect.construct(target, args)
      },
    })
    try {
      for (const schema of schemas) {
        const args = { [`${'a'.repeat(30)}!`]: 'x', p: `${'a'.repeat(30)}!`, q: '(a|a)*' }
        expect(checkArguments(schema, args, editFields(schema))).toEqual({ ok: true })
      }
    } finally {
      globalThis.RegExp = Real
    }
    expect(built.filter((source) => source.includes('(a|a)'))).toEqual([])
  })

  it('lets a name that patternProperties would take through to the server, and checks the rest', () => {
    const mcp = {
      type: 'object',
      properties: { title: { type: 'string', maxLength: 5 } },
      patternProperties: { '^x-': { type: 'string' } },
      additionalProperties: false,
    }
    // The host decides `x-tag` (RE2); the page neither stalls on it nor refuses it.
    expect(checkArguments(mcp, { title: 'ok', 'x-tag': 'a' }, editFields(mcp))).toEqual({
      ok: true,
    })
    expect(checkArguments(mcp, { title: 'too long' }, editFields(mcp))).toMatchObject({ ok: false })
    const unevaluated = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      allOf: [{ patternProperties: { '^x-': { type: 'string' } } }],
      unevaluatedProperties: false,
    }
    expect(checkArguments(unevaluated, { 'x-tag': 'a' }, editFields(unevaluated))).toEqual({
      ok: true,
    })
    // A property that is named like a keyword stays a property.
    const named = {
      type: 'object',
      properties: { pattern: { type: 'string', maxLength: 2 } },
      additionalProperties: false,
    }
    expect(checkArguments(named, { pattern: 'abc' }, editFields(named))).toMatchObject({
      ok: false,
    })
  })
})
