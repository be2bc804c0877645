import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'libsql'
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

describe('damaged workspace records over HTTP', () => {
  // The records are rows of studypulse.db: a damaged row (another program wrote it) is named.
  const damage = (sql: string) => {
    const db = new Database(join(h.workspace.root, 'studypulse.db'))
    try {
      db.exec(sql)
    } finally {
      db.close()
    }
  }

  it.each([
    [
      'a task',
      "UPDATE workspace_records SET record = '{\"version\": 1, \"' WHERE kind = 'task'",
      '/api/workspace/tasks',
    ],
    [
      'a memory entry',
      "UPDATE workspace_records SET record = '{}' WHERE kind = 'memory'",
      '/api/workspace/memory',
    ],
    ['a notebook', "UPDATE workspace_notebooks SET notebook = '{}'", '/api/workspace/notebooks'],
  ])(
    'a damaged row (%s) is 409 workspace_file_corrupt naming studypulse.db, and stays as it is',
    async (_, sql, path) => {
      h = await startHarness()
      damage(sql)
      const res = await get(path)
      expect(res.status).toBe(409)
      expect(res.json().error).toMatchObject({
        code: 'workspace_file_corrupt',
        file: 'studypulse.db',
      })
      expect(res.json().error?.message).toMatch(/in studypulse\.db is not/)
    },
  )

  it('a corrupt tasks.json put into the folder while the app runs is not read: the rows answer', async () => {
    h = await startHarness()
    const before = (await get('/api/workspace/tasks')).json()
    await writeFile(join(h.workspace.root, 'tasks.json'), '{"version": 1, "')
    const res = await get('/api/workspace/tasks')
    expect(res.status).toBe(200)
    expect(res.json()).toEqual(before)
  })

  it('starting a run while a notebook row is damaged names the database too', async () => {
    h = await startHarness()
    damage("UPDATE workspace_notebooks SET notebook = '['")
    const res = await post('/api/runs', { input: 'what are my tasks' })
    expect(res.status).toBe(409)
    expect(res.json().error).toMatchObject({
      code: 'workspace_file_corrupt',
      file: 'studypulse.db',
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
