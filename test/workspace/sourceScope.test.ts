import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  checkSourcePathForm,
  MAX_SOURCE_BYTES,
  resolveSource,
} from '../../workspace/sourceScope.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const SECRET = 'TOP-SECRET-7f3a9c'
const allowed = ['lecture-1.md', 'lecture-2.md', 'evil.md', 'notes/week-1.md', 'missing.md']

let ws: Workspace
let outside: string

beforeEach(async () => {
  outside = await tempDir()
  await writeFile(join(outside, 'secret.txt'), `${SECRET}\n`)
  ws = await Workspace.create(join(await tempDir(), 'ws'))
  await writeFile(join(ws.sourcesDir, 'lecture-1.md'), '# Lecture 1\nPhotosynthesis\n')
  await writeFile(join(ws.sourcesDir, 'lecture-2.md'), '# Lecture 2\nRespiration\n')
  await writeFile(join(ws.sourcesDir, 'unlisted.md'), `unlisted ${SECRET}\n`)
  await mkdir(join(ws.sourcesDir, 'notes'))
  await writeFile(join(ws.sourcesDir, 'notes', 'week-1.md'), 'week one\n')
  await symlink(join(outside, 'secret.txt'), join(ws.sourcesDir, 'evil.md'))
  await writeFile(
    join(ws.root, 'tasks.json'),
    JSON.stringify({ version: 1, tasks: [], note: SECRET }),
  )
})

describe('readSource refuses', () => {
  const refused = [
    '../studypulse.json',
    '../../etc/passwd',
    '/etc/passwd',
    'sources/../tasks.json',
    'a/../../x',
    'lecture-1.md\0.txt',
    '%2e%2e/tasks.json',
    '..%2ftasks.json',
    '%2E%2E%5Ctasks.json',
    '..\\tasks.json',
    'C:\\Windows\\win.ini',
    '\\\\server\\share\\x.md',
    'unlisted.md',
    'evil.md',
    '',
    '.',
    './',
  ]
  for (const path of refused) {
    it(`${JSON.stringify(path)} with source_not_allowed, reading nothing`, async () => {
      const result = await ws.readSource([...allowed, 'unlisted-other.md'], path)
      expect(result).toMatchObject({ ok: false, error: { code: 'source_not_allowed' } })
      expect(result).not.toHaveProperty('content')
      const text = JSON.stringify(result)
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('studypulse-workspace')
      expect(text).not.toContain('root:')
    })
  }

  it('a listed symlink that points outside, without revealing the target', async () => {
    const result = await ws.readSource(allowed, 'evil.md')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('source_not_allowed')
    expect(result.error.message).toContain('outside the sources folder')
    expect(result.error.message).not.toContain(outside)
  })

  it('with a message a model can act on', async () => {
    const result = await ws.readSource(['lecture-1.md', 'lecture-2.md'], 'lecture-9.md')
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'source_not_allowed',
        message:
          '"lecture-9.md" is not a source of the current notebook; allowed: lecture-1.md, lecture-2.md',
      },
    })
  })

  it('files larger than 1 MiB', async () => {
    await writeFile(join(ws.sourcesDir, 'big.md'), 'x'.repeat(MAX_SOURCE_BYTES + 1))
    const result = await ws.readSource(['big.md'], 'big.md')
    expect(result).toMatchObject({ ok: false, error: { code: 'source_too_large' } })
  })

  it('a listed folder', async () => {
    const result = await ws.readSource(['notes'], 'notes')
    expect(result).toMatchObject({ ok: false, error: { code: 'source_not_found' } })
  })
})

describe('readSource reads', () => {
  it('allowed files', async () => {
    expect(await ws.readSource(allowed, 'lecture-1.md')).toEqual({
      ok: true,
      path: 'lecture-1.md',
      content: '# Lecture 1\nPhotosynthesis\n',
    })
    expect(await ws.readSource(allowed, 'notes/week-1.md')).toMatchObject({
      ok: true,
      content: 'week one\n',
    })
  })

  it('normalised forms of allowed paths, both requested and listed', async () => {
    expect(await ws.readSource(allowed, './lecture-1.md')).toMatchObject({
      ok: true,
      path: 'lecture-1.md',
    })
    expect(await ws.readSource(allowed, 'notes//./week-1.md')).toMatchObject({
      ok: true,
      path: 'notes/week-1.md',
    })
    expect(await ws.readSource(['./lecture-2.md'], 'lecture-2.md')).toMatchObject({ ok: true })
  })

  it('a symlink that stays inside sources/', async () => {
    await symlink(join(ws.sourcesDir, 'lecture-1.md'), join(ws.sourcesDir, 'alias.md'))
    expect(await ws.readSource(['alias.md'], 'alias.md')).toMatchObject({
      ok: true,
      content: '# Lecture 1\nPhotosynthesis\n',
    })
  })

  it('a missing allowed file is source_not_found', async () => {
    const result = await ws.readSource(allowed, 'missing.md')
    expect(result).toMatchObject({ ok: false, error: { code: 'source_not_found' } })
  })

  it('notebook sources come from createNotebook, normalised', async () => {
    const notebook = await ws.createNotebook('Bio', [
      './lecture-1.md',
      'lecture-1.md',
      'notes/week-1.md',
    ])
    expect(notebook.sources).toEqual(['lecture-1.md', 'notes/week-1.md'])
    expect(await ws.readSource(notebook.sources, 'lecture-1.md')).toMatchObject({ ok: true })
    expect(await ws.readSource(notebook.sources, 'lecture-2.md')).toMatchObject({ ok: false })
  })
})

describe('createNotebook', () => {
  it('refuses badly formed source paths with invalid_data', async () => {
    for (const bad of ['../x.md', '/etc/passwd', 'a\\b.md', '%2e%2e/x', 'a\0b', '']) {
      await expect(ws.createNotebook('Bad', [bad])).rejects.toMatchObject({ code: 'invalid_data' })
    }
    expect(await ws.readNotebooks()).toEqual([])
  })
})

describe('resolveSource', () => {
  it('returns the real absolute path without reading', async () => {
    const result = await resolveSource(ws.sourcesDir, allowed, './lecture-2.md')
    expect(result).toEqual({
      ok: true,
      absolutePath: join(ws.sourcesDir, 'lecture-2.md'),
      path: 'lecture-2.md',
    })
  })
})

describe('checkSourcePathForm', () => {
  it('accepts plain relative paths', () => {
    for (const ok of [
      'a.md',
      './a.md',
      'dir/a.md',
      'my notes.md',
      '100%.md',
      'a..b.md',
      '.hidden.md',
    ]) {
      expect(checkSourcePathForm(ok), ok).toBeUndefined()
    }
  })

  it('gives a reason for bad ones', () => {
    const bad = [
      '',
      'x'.repeat(501),
      'a\0',
      '/a',
      'C:\\a',
      'c:a',
      '\\\\srv\\a',
      'a\\b',
      '..',
      'a/../b',
      '%2E%2e',
      '%2f',
      '%5C',
      '%00',
      '%2E%2E%2F',
      '.',
      './',
    ]
    for (const path of bad) {
      expect(checkSourcePathForm(path), JSON.stringify(path)).toEqual(expect.any(String))
    }
  })

  it('refuses encodings that decode to separators or dots', () => {
    // Double encoding: a second decoder downstream would see "../x".
    expect(checkSourcePathForm('%252e%252e/x')).toEqual(expect.any(String))
    expect(checkSourcePathForm('a%2Fb')).toEqual(expect.any(String))
    expect(checkSourcePathForm('a%20b/c.md')).toEqual(expect.any(String))
  })
})
