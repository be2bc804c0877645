import { afterEach, describe, expect, test } from 'vitest'
import { limitsFromEnv } from '../../../app/limitsFromEnv.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest, startHarness } from '../appHarness.ts'

const publicHost = 'study.example.edu'
let h: AppHarness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

// A run started by `who` through the proxy (the test connects from 127.0.0.1, the proxy).
async function startAs(who: string) {
  const answer = await rawRequest((h as AppHarness).server.port, {
    method: 'POST',
    path: '/api/runs',
    headers: {
      host: publicHost,
      origin: `https://${publicHost}`,
      'x-forwarded-user': who,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ input: 'what are my tasks?' }),
  })
  if (answer.status === 201)
    await waitForRun((h as AppHarness).runtime, answer.json().runId as string, 'awaitingInput')
  return { status: answer.status, error: answer.json().error }
}

describe('open runs in hosted mode: a limit per person, and a ceiling for the node', () => {
  test('Alice’s open runs never block Bob; the node-wide ceiling holds for everyone', async () => {
    h = await startHarness({
      hosted: {
        publicOrigin: `https://${publicHost}`,
        auth: { kind: 'proxy' },
        trustedProxies: ['127.0.0.1'],
      },
      limits: { maxOpenRuns: 3, maxOpenRunsPerNode: 5 },
    })
    for (let i = 0; i < 3; i++) expect((await startAs('alice')).status).toBe(201)
    // Bob has none open: his first run starts; Alice's fourth does not.
    expect((await startAs('bob')).status).toBe(201)
    const aliceAgain = await startAs('alice')
    expect(aliceAgain.status).toBe(429)
    expect(aliceAgain.error).toMatchObject({ code: 'too_many_runs' })
    expect(aliceAgain.error?.message).toMatch(/you have 3 open runs \(the limit is 3 per person\)/)
    // Up to the node's ceiling of five, whoever starts them.
    expect((await startAs('bob')).status).toBe(201)
    const carol = await startAs('carol')
    expect(carol.status).toBe(429)
    expect(carol.error).toMatchObject({ code: 'too_many_runs' })
    expect(carol.error?.message).toMatch(/5 runs are open on this node \(its limit is 5\)/)
    expect(h.runtime.runIds()).toHaveLength(5)
  })

  test('the ceiling is read from STUDYPULSE_MAX_OPEN_RUNS_PER_NODE', () => {
    expect(limitsFromEnv({ STUDYPULSE_MAX_OPEN_RUNS_PER_NODE: '40' }).server).toEqual({
      maxOpenRunsPerNode: 40,
    })
    expect(() => limitsFromEnv({ STUDYPULSE_MAX_OPEN_RUNS_PER_NODE: '0' })).toThrow(
      /STUDYPULSE_MAX_OPEN_RUNS_PER_NODE must be a whole number/,
    )
  })
})
