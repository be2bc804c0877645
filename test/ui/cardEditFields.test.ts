import { describe, expect, it } from 'vitest'
import { findDate } from '../../models/offline/plannerChrono.ts'
import { createCoreToolRegistry } from '../../tools/createCoreToolRegistry.ts'
import { checkArguments } from '../../ui/core/checkArguments.ts'
import { editFields, toArguments, toFormValues } from '../../ui/core/editFields.ts'
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
})
