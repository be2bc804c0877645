import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AppHarness, startHarness } from '../app/appHarness.ts'
import { launchChromium } from '../helpers/launchChromium.ts'

// Dev mode: the page comes from another server (as from a Vite dev server on another port) and
// calls the app server across origins. A real browser does the CORS preflight and the event stream.

let browser: Browser
let allowedSite: Server
let otherSite: Server
let h: AppHarness

const blankPage = () =>
  createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>dev</p>'))
const listen = async (server: Server) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  browser = await launchChromium()
  allowedSite = blankPage()
  otherSite = blankPage()
}, 120_000)
afterEach(() => h?.dispose())
afterAll(async () => {
  await browser?.close()
  for (const site of [allowedSite, otherSite]) site.closeAllConnections()
  await Promise.all([allowedSite, otherSite].map((s) => new Promise((done) => s.close(done))))
})

/** In the page: start a run, follow its event stream to the card, allow it, wait for the result. */
async function decideFromPage(pageUrl: string, api: string, token: string) {
  const page = await browser.newPage()
  try {
    await page.goto(pageUrl)
    return await page.evaluate(
      async ({ api, token }) => {
        const headers = { 'content-type': 'application/json', 'x-studypulse-token': token }
        let started: Response
        try {
          started = await fetch(`${api}/api/runs`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              input: 'add a task to review chapter 3 by Friday, importance 4',
            }),
          })
        } catch (error) {
          return { refused: String(error) }
        }
        const { runId } = (await started.json()) as { runId: string }
        const stream = new EventSource(`${api}/api/runs/${runId}/events?token=${token}`)
        const kinds: string[] = []
        const decided = await new Promise<number>((resolve, reject) => {
          stream.onerror = () => reject(new Error('the event stream failed'))
          stream.addEventListener('agent', async (message) => {
            const event = JSON.parse((message as MessageEvent<string>).data)
            kinds.push(event.kind)
            if (event.kind === 'confirmationRequired') {
              const answer = await fetch(`${api}/api/runs/${runId}/confirmations`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ confirmationId: event.confirmationId, decision: 'allow' }),
              })
              resolve(answer.status)
            }
          })
        })
        await new Promise<void>((resolve) =>
          stream.addEventListener('agent', (message) => {
            if (JSON.parse((message as MessageEvent<string>).data).kind === 'toolCompleted')
              resolve()
          }),
        )
        stream.close()
        return { started: started.status, decided, kinds }
      },
      { api, token },
    )
  } finally {
    await page.close()
  }
}

describe('a page on another origin, allowed by configuration', () => {
  it('starts a run, follows its events and allows its card, across origins', async () => {
    const origin = await listen(allowedSite)
    h = await startHarness({ allowedOrigins: [origin] })
    const result = await decideFromPage(`${origin}/`, h.server.url, h.server.token)
    expect(result).toMatchObject({ started: 201, decided: 200 })
    expect((await h.workspace.readTasks()).map((t) => t.title)).toContain('Review chapter 3')
  })

  it('a page on an origin not listed cannot start anything', async () => {
    const origin = await listen(otherSite)
    h = await startHarness({ allowedOrigins: ['http://127.0.0.1:1'] })
    const result = await decideFromPage(`${origin}/`, h.server.url, h.server.token)
    expect(result).toMatchObject({ refused: expect.stringContaining('Failed to fetch') })
    expect(h.runtime.runIds()).toEqual([])
  })
})
