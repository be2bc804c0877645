import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { applyPolicyFile } from '../../app/applyPolicyFile.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { AgentError } from '../../runtime/AgentError.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dir: string
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dir, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const at = '2026-11-30T09:00:00.000Z'
const createTask = { id: 'c1', name: 'create_task', arguments: '{"title":"Read"}' }
const rulesFile = () => join(dir, 'policies.json')

describe('rules read from policies.json are checked like new ones', () => {
  it('a hand-written "always allow create_task" is ignored and named: the call still shows a card', async () => {
    const grant = { id: 'hand-1', tool: 'create_task', effect: 'allow', scope: 'always' }
    await writeFile(
      rulesFile(),
      JSON.stringify({ version: 1, rules: [{ ...grant, createdAt: at }] }),
    )
    const runtime = makeRuntime(new ScriptedModel([{ toolCalls: [createTask] }]), ws)
    await runtime.restore()
    expect(runtime.policies.list()).toEqual([])
    const [ignored] = runtime.policies.problems().invalid
    expect(ignored?.rule).toMatchObject(grant)
    expect(ignored?.reason).toContain('never always')

    const runId = runtime.startRun({ input: 'add a task' })
    expect(await waitForRun(runtime, runId, ['awaitingConfirmation', 'awaitingInput'])).toBe(
      'awaitingConfirmation',
    )
    expect(await ws.readTasks()).toEqual([])
    await runtime.cancel(runId)
  })

  it('a deny rule for a tool that exists is applied; an allow rule for a destructive tool is not', async () => {
    const rules = [
      { id: 'd', tool: 'create_task', effect: 'deny', scope: 'always', createdAt: at },
      { id: 'a', tool: 'delete_task', effect: 'allow', scope: 'always', createdAt: at },
    ]
    await writeFile(rulesFile(), JSON.stringify({ version: 1, rules }))
    const runtime = makeRuntime(new ScriptedModel([]), ws)
    await runtime.restore()
    expect(runtime.policies.list().map((r) => r.id)).toEqual(['d'])
    expect(runtime.policies.problems().invalid.map((i) => i.reason)).toEqual([
      expect.stringContaining('destructive'),
    ])
  })

  it('a corrupt file is never overwritten: "always" is refused with policy_file_corrupt, the card stays open', async () => {
    const bytes = '{"version":1,"rules":[{"id":"mine","tool":"delete_task"'
    await writeFile(rulesFile(), bytes)
    const runtime = makeRuntime(new ScriptedModel([{ toolCalls: [createTask] }]), ws)
    await runtime.restore()
    expect(await applyPolicyFile(runtime.policies, ws.root)).toEqual([
      expect.stringContaining('policies.json is corrupt'),
    ])
    const runId = runtime.startRun({ input: 'add a task' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const confirmationId = pendingId(runtime, runId)
    let refusal: unknown
    try {
      await runtime.submitConfirmation(runId, confirmationId, 'deny', { remember: 'always' })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(AgentError)
    expect(refusal).toMatchObject({ code: 'policy_file_corrupt', file: 'policies.json' })
    expect((refusal as Error).message).toContain('Repair or move policies.json')
    expect(runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    // A rule for this session is still fine: it is never written to the file.
    await runtime.submitConfirmation(runId, confirmationId, 'deny', { remember: 'session' })
    await runtime.flush()
    expect(await readFile(rulesFile(), 'utf8')).toBe(bytes)
  })
})
