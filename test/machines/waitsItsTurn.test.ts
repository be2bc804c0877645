import { expect, test } from 'vitest'
import { type RecoveringRun, recoveryFor } from '../../runtime/recoveryFor.ts'
import { savedWithItsEffect, waitsItsTurn } from '../../runtime/runEffects.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { PreparedTool } from '../../tools/PreparedTool.ts'

const tools = createToolRegistry()
// A workspace that keeps every kind of record in the run's database (PostgreSQL).
const all = ['task', 'memory', 'note'] as const
const prepared = (name: string, args: object): PreparedTool =>
  tools.prepare(`${name}-1`, name, JSON.stringify(args)) as PreparedTool

test('confirmed calls wait their turn unless a StudyPulse tool commits with its outcome', () => {
  const write = prepared('create_task', { title: 'x' })
  const code = prepared('run_code', { code: '1 + 1' })
  const read = prepared('list_tasks', {})
  // Folder or memory workspace: every confirmed call waits, reads never do.
  expect(waitsItsTurn(write, [])).toBe(true)
  expect(waitsItsTurn(code, [])).toBe(true)
  expect(waitsItsTurn(read, [])).toBe(false)
  // A workspace with atomic outcomes: its own tools go at once; others still wait.
  expect(waitsItsTurn(write, all)).toBe(false)
  expect(waitsItsTurn(code, all)).toBe(true)
  expect(waitsItsTurn(read, all)).toBe(false)
})

test('only a confirmed StudyPulse write with atomic outcomes skips its save in executing', () => {
  const write = prepared('create_task', { title: 'x' })
  expect(savedWithItsEffect(write, all)).toBe(true)
  // Elsewhere its intent must be on disk first, and the executing save carries it.
  expect(savedWithItsEffect(write, [])).toBe(false)
  expect(savedWithItsEffect(prepared('run_code', { code: '1 + 1' }), all)).toBe(false)
  expect(savedWithItsEffect(prepared('list_tasks', {}), all)).toBe(false)
  expect(savedWithItsEffect(undefined, all)).toBe(false)
})

test('a run saved executing an atomic write with neither intent nor outcome runs it; otherwise it did not start', async () => {
  const write = prepared('create_task', { title: 'x' })
  const store = memoryRunStore()
  const saved = {
    value: 'executing',
    context: { current: { call: { id: 'c1' }, prepared: write } },
  } as unknown as RecoveringRun
  // Its intent goes in the effect's own transaction: with no outcome, nothing happened.
  expect(await recoveryFor(store, 'r1', saved, all)).toBeUndefined()
  expect(await recoveryFor(store, 'r1', saved, [])).toMatchObject({
    type: 'TOOL_DONE',
    result: { ok: false, error: { code: 'not_started' } },
  })
})

test('a folder keeps notes as files: a note effect keeps the durable intent first', () => {
  const folder = ['task', 'memory'] as const
  expect(savedWithItsEffect(prepared('create_task', { title: 'x' }), folder)).toBe(true)
  expect(savedWithItsEffect(prepared('forget_memory', { id: 'm1' }), folder)).toBe(true)
  expect(savedWithItsEffect(prepared('save_artifact', { title: 'x', content: 'y' }), folder)).toBe(
    false,
  )
  expect(savedWithItsEffect(prepared('undo_change', { changeId: 'c1' }), folder)).toBe(false)
  expect(waitsItsTurn(prepared('save_artifact', { title: 'x', content: 'y' }), folder)).toBe(true)
})
