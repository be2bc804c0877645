import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadPolicyFile } from '../../workspace/policyFile.ts'
import { makeTempDirs } from './tempDir.ts'

const tempDir = makeTempDirs()
const at = '2026-11-30T09:00:00.000Z'
const deny = { id: 'r1', tool: 'delete_task', effect: 'deny', scope: 'always', createdAt: at }

describe('policies.json is data from disk', () => {
  it('is read rule by rule: a malformed rule is reported with its reason, the others stay', async () => {
    const dir = await tempDir()
    const odd = { id: 'r2', tool: 'create_task', effect: 'maybe', scope: 'always', createdAt: at }
    await writeFile(join(dir, 'policies.json'), JSON.stringify({ version: 1, rules: [deny, odd] }))
    const loaded = await loadPolicyFile(dir)
    expect(loaded.rules).toEqual([deny])
    expect(loaded.corrupt).toBeUndefined()
    expect(loaded.invalid).toEqual([{ rule: odd, reason: expect.stringContaining('effect') }])
  })

  it('a corrupt file is reported, not thrown, and left as it is', async () => {
    const dir = await tempDir()
    const bytes = '{"version":1,"rules":[{"id":"r1",'
    await writeFile(join(dir, 'policies.json'), bytes)
    const loaded = await loadPolicyFile(dir)
    expect(loaded).toMatchObject({ rules: [], corrupt: { file: 'policies.json' } })
    expect(loaded.corrupt?.message).toContain('policies.json is corrupt')
    expect(await readFile(join(dir, 'policies.json'), 'utf8')).toBe(bytes)
  })
})
