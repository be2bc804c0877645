import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

const addTask = 'add a task to review chapter 3 by Friday, importance 4'
let h: AppHarness
afterEach(() => h.dispose())

const get = (path: string) => rawRequest(h.server.port, { path, headers: h.pageHeaders() })
const post = (path: string, body: unknown) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path,
    headers: h.pageHeaders(),
    body: JSON.stringify(body),
  })

describe('damaged workspace files over HTTP', () => {
  it.each([
    ['tasks.json', '/api/workspace/tasks'],
    ['memory.json', '/api/workspace/memory'],
    ['notebooks.json', '/api/workspace/notebooks'],
  ])(
    'a corrupt %s is 409 workspace_file_corrupt naming it, and stays as it is',
    async (file, path) => {
      h = await startHarness()
      const bytes = '{"version": 1, "'
      await writeFile(join(h.workspace.root, file), bytes)
      const res = await get(path)
      expect(res.status).toBe(409)
      expect(res.json().error).toMatchObject({ code: 'workspace_file_corrupt', file })
      expect(res.json().error?.message).toContain(`${file} is corrupt`)
      expect(await readFile(join(h.workspace.root, file), 'utf8')).toBe(bytes)
    },
  )

  it('starting a run while notebooks.json is corrupt names it too', async () => {
    h = await startHarness()
    await writeFile(join(h.workspace.root, 'notebooks.json'), '[')
    const res = await post('/api/runs', { input: 'what are my tasks' })
    expect(res.status).toBe(409)
    expect(res.json().error).toMatchObject({
      code: 'workspace_file_corrupt',
      file: 'notebooks.json',
    })
  })
})

describe('the rules file over HTTP', () => {
  it('a corrupt policies.json: listed as corrupt, "always" refused with 409 policy_file_corrupt, never overwritten', async () => {
    h = await startHarness()
    const bytes = '{"version":1,"rules":[{"id":"mine","tool":"delete_task","effect":"deny"'
    await writeFile(join(h.workspace.root, 'policies.json'), bytes)
    h = await h.restart()
    expect(h.problems).toEqual([expect.stringContaining('policies.json is corrupt')])
    const listed = (await get('/api/policies')).json()
    expect(listed).toMatchObject({ rules: [], invalid: [], corrupt: { file: 'policies.json' } })

    const { runId, confirmationId } = await runToCard(h, addTask)
    const res = await post(`/api/runs/${runId}/confirmations`, {
      confirmationId,
      decision: 'deny',
      remember: 'always',
    })
    expect(res.status).toBe(409)
    expect(res.json().error).toMatchObject({ code: 'policy_file_corrupt', file: 'policies.json' })
    expect(h.runtime.view(runId).pending?.confirmationId).toBe(confirmationId)
    await h.runtime.flush()
    expect(await readFile(join(h.workspace.root, 'policies.json'), 'utf8')).toBe(bytes)
  })

  it('a hand-written "always allow create_task" is listed as ignored and the call still asks', async () => {
    h = await startHarness()
    const grant = {
      id: 'hand-1',
      tool: 'create_task',
      effect: 'allow',
      scope: 'always',
      createdAt: '2026-11-30T09:00:00.000Z',
    }
    await writeFile(
      join(h.workspace.root, 'policies.json'),
      JSON.stringify({ version: 1, rules: [grant] }),
    )
    h = await h.restart()
    expect(h.problems).toEqual([
      expect.stringMatching(/rule "hand-1" \(always allow create_task\) is ignored/),
    ])
    const listed = (await get('/api/policies')).json()
    expect(listed).toMatchObject({ rules: [], invalid: [{ rule: grant }] })
    const { runId } = await runToCard(h, addTask)
    expect(h.runtime.view(runId).value).toBe('awaitingConfirmation')
    expect((await h.workspace.readTasks()).map((t) => t.title)).not.toContain('Review chapter 3')
  })
})
