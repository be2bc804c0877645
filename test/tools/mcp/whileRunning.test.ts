import { expect, test } from 'vitest'
import { whileRunning } from '../../../tools/mcp/whileRunning.ts'

test('an abort while the work runs reaches it, with its reason', async () => {
  const outer = new AbortController()
  const seen = await whileRunning(outer.signal, (own) => {
    const aborted = new Promise<unknown>((resolve) =>
      own.addEventListener('abort', () => resolve(own.reason)),
    )
    outer.abort('stop now')
    return aborted
  })
  expect(seen).toBe('stop now')
})

test('an abort after the work settled reaches nothing, and leaves no listener behind', async () => {
  const outer = new AbortController()
  let inner: AbortSignal | undefined
  await whileRunning(outer.signal, async (own) => {
    inner = own
  })
  outer.abort('too late')
  expect(inner?.aborted).toBe(false)
  // A failure settles it too.
  await expect(
    whileRunning(new AbortController().signal, async (own) => {
      inner = own
      throw new Error('failed')
    }),
  ).rejects.toThrow('failed')
})

test('a signal aborted before the work starts is aborted for it from the start', async () => {
  const outer = new AbortController()
  outer.abort('already')
  await whileRunning(outer.signal, async (own) => {
    expect(own.aborted).toBe(true)
    expect(own.reason).toBe('already')
  })
})
