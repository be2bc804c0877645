import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StudyPulseClient } from '../../ui/remote/StudyPulseClient.ts'
import { sampleSources } from '../../workspace/sampleWorkspace.ts'
import { type AppHarness, rawRequest, startHarness } from './appHarness.ts'

describe('GET /api/workspace/source: one source of a notebook, for the reader pane', () => {
  let h: AppHarness
  beforeEach(async () => {
    h = await startHarness()
  })
  afterEach(() => h.dispose())

  const get = (query: string, headers = h.pageHeaders()) =>
    rawRequest(h.server.port, { path: `/api/workspace/source?${query}`, headers })
  const source = (path: string, notebookId = h.notebookId) =>
    get(new URLSearchParams({ notebookId, path }).toString())

  it('answers a source the notebook lists with its text', async () => {
    const res = await source('lecture-1.md')
    expect(res.status).toBe(200)
    expect(res.json()).toEqual({ path: 'lecture-1.md', content: sampleSources['lecture-1.md'] })
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/)
  })

  it('refuses what the notebook does not list, traversal and links out of sources/, as the read tools do', async () => {
    await writeFile(join(h.workspace.sourcesDir, 'unlisted.md'), 'secret')
    for (const path of ['unlisted.md', '../tasks.json', '%2e%2e/tasks.json', '/etc/passwd']) {
      const res = await source(path)
      expect(res.status, path).toBe(403)
      expect(res.json().error?.code, path).toBe('source_not_allowed')
    }
    // A listed name that is a link to a file outside sources/.
    await mkdir(join(h.dir, 'outside'), { recursive: true })
    await writeFile(join(h.dir, 'outside', 'secret.md'), 'secret')
    const notebook = await h.workspace.createNotebook('Linked', ['escape.md'])
    await symlink(join(h.dir, 'outside', 'secret.md'), join(h.workspace.sourcesDir, 'escape.md'))
    const linked = await source('escape.md', notebook.id)
    expect(linked.status).toBe(403)
    expect(linked.json().error?.code).toBe('source_not_allowed')
  })

  it('a listed source that is missing is 404, an unknown notebook 403, and a bad query 400', async () => {
    const notebook = await h.workspace.createNotebook('Later', ['not-yet.md'])
    expect((await source('not-yet.md', notebook.id)).json().error?.code).toBe('source_not_found')
    expect((await source('not-yet.md', notebook.id)).status).toBe(404)
    expect((await source('lecture-1.md', 'no-such-notebook')).status).toBe(403)
    for (const query of [
      'path=lecture-1.md',
      `notebookId=${h.notebookId}`,
      `notebookId=${h.notebookId}&path=lecture-1.md&extra=1`,
      `notebookId=${h.notebookId}&path=lecture-1.md&path=lecture-2.md`,
      `notebookId=${h.notebookId}&path=${'a'.repeat(501)}`,
    ]) {
      const res = await get(query)
      expect(res.status, query).toBe(400)
      expect(res.json().error?.code, query).toBe('invalid_request')
    }
  })

  it('needs the token and the app’s own Host, like every API read', async () => {
    const query = new URLSearchParams({ notebookId: h.notebookId, path: 'lecture-1.md' })
    const noToken = h.pageHeaders()
    delete noToken['x-studypulse-token']
    expect((await get(query.toString(), noToken)).status).toBe(403)
    expect((await get(`${query}&token=${h.server.token}`, noToken)).status).toBe(403)
    const rebound = await get(query.toString(), h.pageHeaders({ host: 'evil.example' }))
    expect(rebound.status).toBe(403)
    expect(rebound.json().error?.code).toBe('forbidden_host')
  })

  it('StudyPulseClient.readNotebookSource returns the text, and a refusal as data', async () => {
    const client = new StudyPulseClient({
      baseUrl: h.server.url,
      token: h.server.token,
      headers: { origin: h.server.url },
    })
    expect(await client.readNotebookSource(h.notebookId, 'lecture-2.md')).toEqual({
      ok: true,
      path: 'lecture-2.md',
      content: sampleSources['lecture-2.md'],
    })
    expect(await client.readNotebookSource(h.notebookId, '../tasks.json')).toMatchObject({
      ok: false,
      error: { code: 'source_not_allowed' },
    })
  })
})
