// The public surface is made on purpose: etc/<entry>.api.md (API Extractor) must match what the
// entry points export, so a change to it shows in review. `npm run api` rewrites the reports.
// The declarations are the packed tarball's (the package tests' one `npm pack` of the run): the
// very files a user's compiler reads, and no second tsc over the project.
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { command } from './consumerProject.ts'
import { packedTarball } from './packedTarball.ts'

const run = promisify(execFile)
const etc = join(repoRoot, 'etc')
let tampered = ''
let unpacked = ''
afterAll(async () => {
  for (const dir of [tampered, unpacked]) if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the API Extractor reports (etc/*.api.md)', () => {
  it('match the entry points, and a report that differs is named (else run `npm run api`)', {
    timeout: 240_000,
  }, async () => {
    // A copy of etc/ with one report edited proves the check can fail, from the same build (it
    // compares two reports there: the edited one and one left alone).
    unpacked = await mkdtemp(join(tmpdir(), 'studypulse-api-dist-'))
    const untar = await command(unpacked, 'tar', ['-xzf', await packedTarball(), 'package/dist'])
    expect(untar.code, untar.stderr).toBe(0)
    tampered = await mkdtemp(join(tmpdir(), 'studypulse-api-reports-'))
    await cp(etc, tampered, { recursive: true })
    const edited = join(tampered, 'ai-sdk.api.md')
    const report = await readFile(edited, 'utf8')
    await writeFile(
      edited,
      report.replace('export function fromAiSdk(', 'export function fromAiSdkX('),
    )
    const { stdout } = await run(
      process.execPath,
      [
        'scripts/apiReports.mjs',
        '--check',
        '--json',
        '--folder',
        etc,
        '--folder',
        `${tampered}=ai-sdk,ui`,
        '--declarations',
        join(unpacked, 'package', 'dist'),
      ],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
    )
    const [real, copy] = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[][]
    expect(real, 'reports out of date: run `npm run api` and commit etc/').toEqual([])
    expect(copy).toEqual(['ai-sdk.api.md'])
  })
})
