import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'
import { typeIntoChat } from '../helpers/terminalChat.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  ;({ ws, dispose } = await tempWorkspace())
})
afterEach(async () => {
  await dispose()
})

// The prompts the chat waits at (`you › `, a field's `… › `, the card's `[y/N] `); a line is
// typed only once one of them is fully written.
const prompt = /(?: › |\[y\/N\] )$/

/** Runs the real terminal loop over streams, typing each line at the next prompt; returns what it wrote. */
async function chat(model: ScriptedModel, lines: string[]): Promise<string> {
  const runtime = makeRuntime(model, ws)
  const written = await typeIntoChat(runtime, lines, { at: prompt })
  await runtime.flush()
  return written
}

function createTask(args: Record<string, unknown>): ScriptedModel {
  return new ScriptedModel([
    { toolCalls: [{ id: 'c1', name: 'create_task', arguments: JSON.stringify(args) }] },
    { text: 'Done.' },
  ])
}

describe('editing a card in the terminal chat, field by field', () => {
  it('asks each field with its value now; Enter keeps it; the new card is asked about again and is what runs', async () => {
    const written = await chat(createTask({ title: 'Read chapter 3', importance: 2 }), [
      'add a task',
      'e',
      'Read chapter 4', // Title
      '', // Importance: kept
      '', // Due: none, kept
      '', // Notes
      'y',
    ])
    expect(written).toContain('(e edits it field by field)')
    expect(written).toContain('  Title [Read chapter 3] › ')
    expect(written).toContain('  Importance (a whole number, 1 to 5) [2] › ')
    expect(written).toContain('  Due (a day: friday, next monday or 4 Dec) [none] › ')
    // The new card is shown (its headline names the edited title) and asked about again.
    const afterEdit = written.slice(written.indexOf('  Notes'))
    expect(afterEdit).toContain('Read chapter 4')
    expect(afterEdit).toContain('Allow once?')
    const tasks = await ws.readTasks()
    expect(tasks.map((task) => [task.title, task.importance])).toEqual([['Read chapter 4', 2]])
  })

  it('a day takes words ("friday"); a value the schema refuses is asked again with a plain reason', async () => {
    const written = await chat(createTask({ title: 'Essay', due: '2026-01-05' }), [
      'add a task',
      'e',
      '',
      'nine', // Importance: not a number
      '9', // Importance: above the schema's maximum
      '4',
      'someday soon', // Due: not a day
      'friday',
      '',
      'y',
    ])
    expect(written).toContain('  ! Importance needs a number, such as 3.')
    expect(written).toContain('  ! Importance can be at most 5.')
    expect(written).toContain('“someday soon” is not a day I can read')
    expect(written).not.toMatch(/Invalid ISO|invalid_|expected/)
    const [task] = await ws.readTasks()
    expect(task?.importance).toBe(4)
    // A Friday within the coming week (local time, as the planner reads "friday").
    const due = new Date(`${task?.due}T12:00:00`)
    expect(due.getDay()).toBe(5)
    const daysAhead = (due.getTime() - Date.now()) / 86_400_000
    expect(daysAhead).toBeGreaterThan(-1)
    expect(daysAhead).toBeLessThan(8)
  })

  it('? shows every argument; - clears an optional field; a required one cannot be cleared', async () => {
    const written = await chat(createTask({ title: 'Essay', due: '2026-01-05' }), [
      'add a task',
      'e',
      '?',
      '-',
      '',
      '',
      '-', // Due cleared: left out of create_task
      '',
      'y',
    ])
    // In words, as the card says them: no JSON, no ISO date (issue #48).
    expect(written).toContain(
      '  the card would now say:\n    Title: Essay\n    Importance: none\n    Due: Mon 5 Jan 2026\n',
    )
    expect(written).not.toContain('{"title"')
    expect(written).toContain('  ! Title cannot be left out.')
    const [task] = await ws.readTasks()
    expect(task?.title).toBe('Essay')
    expect(task?.due).toBeUndefined()
  })

  it('an edit that changes nothing keeps the card as it was', async () => {
    const written = await chat(createTask({ title: 'Read chapter 3' }), [
      'add a task',
      'e',
      '',
      '',
      '',
      '',
      'y',
    ])
    expect(written).toContain('  not edited')
    expect((await ws.readTasks()).map((task) => task.title)).toEqual(['Read chapter 3'])
  })

  it("a delete card's e says nothing on it can be changed: no Title, no JSON (issue #48)", async () => {
    const at = new Date().toISOString()
    await ws.upsertTask({ id: 't1', title: 'Essay', done: false, createdAt: at, updatedAt: at })
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'delete_task', arguments: '{"id":"t1","title":"Essay"}' }] },
      { text: 'Kept.' },
    ])
    const written = await chat(model, ['delete it', 'e', 'n'])
    expect(written).toContain('Nothing on this card can be changed')
    // Not offered at all: the delete card's prompt names no edit.
    expect(written).toContain('  Allow once? [y/N] ')
    expect(written).not.toContain('(e edits it field by field)')
    expect(written).not.toContain('Title [')
    expect(written).not.toContain('{')
    expect((await ws.readTasks()).map((task) => task.title)).toEqual(['Essay'])
  })

  it('a plain n still denies, and nothing is written', async () => {
    const written = await chat(createTask({ title: 'Read chapter 3' }), ['add a task', 'n'])
    expect(written).toContain('  denied\n')
    expect(await ws.readTasks()).toEqual([])
  })
})
