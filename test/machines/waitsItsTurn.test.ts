import { expect, test } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { type RunEffectDeps, waitsItsTurn } from '../../runtime/runEffects.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { PreparedTool } from '../../tools/PreparedTool.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'

const tools = createToolRegistry()
const prepared = (name: string, args: object): PreparedTool =>
  tools.prepare(`${name}-1`, name, JSON.stringify(args)) as PreparedTool

function deps(atomic: boolean): RunEffectDeps {
  const workspace = new MemoryWorkspace()
  if (atomic) {
    // What makes a workspace commit effects with outcomes, as PostgresWorkspace does.
    Object.assign(workspace, { withOutcome: () => Promise.reject(new Error('not called here')) })
  }
  return {
    model: new ScriptedModel(() => ({ text: '' })),
    tools,
    workspace,
    clock: () => new Date(0),
    generateId: () => 'id',
  }
}

test('confirmed calls wait their turn unless a StudyPulse tool commits with its outcome', () => {
  const write = prepared('create_task', { title: 'x' })
  const code = prepared('run_code', { code: '1 + 1' })
  const read = prepared('list_tasks', {})
  // Folder or memory workspace: every confirmed call waits, reads never do.
  expect(waitsItsTurn(deps(false), write)).toBe(true)
  expect(waitsItsTurn(deps(false), code)).toBe(true)
  expect(waitsItsTurn(deps(false), read)).toBe(false)
  // A workspace with atomic outcomes: its own tools go at once; others still wait.
  expect(waitsItsTurn(deps(true), write)).toBe(false)
  expect(waitsItsTurn(deps(true), code)).toBe(true)
  expect(waitsItsTurn(deps(true), read)).toBe(false)
})
