import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { expect, inject, test } from 'vitest'
import { nodeScript } from './nodeScript.ts'

const here = join(import.meta.dirname, 'fixtures')
const where = (file: string) => ({
  url: pathToFileURL(join(here, file)).href,
  dirname: here,
  filename: join(here, file),
})

// The suite's children start from bundles: if that silently fell back to tsx, each child would
// cost seconds of CPU again, and if a bundle lost its modules' own import.meta, the app would look
// for its page, migrations and workers in the bundle's folder.
test('a listed script runs from this run’s bundle, each of its modules where its source is', async () => {
  expect(inject('scriptBundleDir')).not.toBe('')
  const args = nodeScript(join(here, 'whereAmI.ts'))
  expect(args).toHaveLength(1)
  expect(args[0]).toMatch(/\.mjs$/)
  expect(args[0]?.startsWith(inject('scriptBundleDir'))).toBe(true)
  const { stdout } = await promisify(execFile)(process.execPath, args)
  expect(JSON.parse(stdout)).toEqual({
    script: where('whereAmI.ts'),
    module: where('whereIsTheModule.ts'),
  })
})

test('a script not listed runs through tsx, as a person runs the app', () => {
  const file = join(here, 'whereIsTheModule.ts')
  expect(nodeScript(file)).toEqual(['--import', 'tsx', file])
})
