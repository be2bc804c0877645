import { expect, test } from 'vitest'
import { type RecoveringRun, recoveryFor } from '../../runtime/recoveryFor.ts'
import { savedWithItsEffect, waitsItsTurn } from '../../runtime/runEffects.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { PreparedTool } from '../../tools/PreparedTool.ts'

const tools = createToolRegistry()
const prepared = (name: string, args: object): PreparedTool =>
  tools.prepare(`${name}-1`, name, JSON.stringify(args)) as PreparedTool

test('confirmed calls wait their turn unless a StudyPulse tool commits with its outcome', () => {
  const write = prepared('create_task', { title: 'x' })
  const code = prepared('run_code', { code: '1 + 1' })
  const read = prepared('list_tasks', {})
  // Folder or memory workspace: every confirmed call waits, reads never do.
  expect(waitsItsTurn(write, false)).toBe(true)
  expect(waitsItsTurn(code, false)).toBe(true)
  expect(waitsItsTurn(read, false)).toBe(false)
  // A workspace with atomic outcomes: its own tools go at once; others still wait.
  expect(waitsItsTurn(write, true)).toBe(false)
  expect(waitsItsTurn(code, true)).toBe(true)
  expect(waitsItsTurn(read, true)).toBe(false)
})

test('only a confirmed StudyPulse write with atomic outcomes skips its save in executing', () => {
  const write = prepared('create_task', { title: 'x' })
  expect(savedWithItsEffect(write, true)).toBe(true)
  // Elsewhere its intent must be on disk first, and the executing save carries it.
  expect(savedWithItsEffect(write, false)).toBe(false)
  expect(savedWithItsEffect(prepared('run_code', { code: '1 + 1' }), true)).toBe(false)
  expect(savedWithItsEffect(prepared('list_tasks', {}), true)).toBe(false)
  expect(savedWithItsEffect(undefined, true)).toBe(false)
})

test('a run saved executing an atomic write with neither intent nor outcome runs it; otherwise it did not start', async () => {
  const write = prepared('create_task', { title: 'x' })
  const store = memoryRunStore()
  const saved = {
    value: 'executing',
    context: { current: { call: { id: 'c1' }, prepared: write } },
  } as unknown as RecoveringRun
  // Its intent goes in the effect's own transaction: with no outcome, nothing happened.
  expect(await recoveryFor(store, 'r1', saved, true)).toBeUndefined()
  expect(await recoveryFor(store, 'r1', saved, false)).toMatchObject({
    type: 'TOOL_DONE',
    result: { ok: false, error: { code: 'not_started' } },
  })
})
