import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const flags = pathToFileURL(resolve('app/gateway/memoryFlags.ts')).href

// One process: a hot loop before the gateway's flags load (the control: V8's trace shows it
// optimized), then the same loop under another name after them (never optimized).
const script = `
function hotBefore(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s }
function hotAfter(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s }
for (let k = 0; k < 100; k++) hotBefore(100000)
await import(${JSON.stringify(flags)})
for (let k = 0; k < 100; k++) hotAfter(100000)
`

test('the gateway runs without the optimizing compiler once its memory flags load (they apply at run time)', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--trace-opt', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 },
  )
  const optimized = (name: string) =>
    stdout
      .split('\n')
      .some((line) => line.includes(`<JSFunction ${name} `) && /TURBOFAN|MAGLEV/.test(line))
  expect(optimized('hotBefore')).toBe(true)
  expect(optimized('hotAfter')).toBe(false)
})
