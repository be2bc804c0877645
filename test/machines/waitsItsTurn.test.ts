import { expect, test } from 'vitest'
import { waitsItsTurn } from '../../runtime/runEffects.ts'
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
