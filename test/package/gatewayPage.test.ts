// The gateway's own answer page, from the package as a new user installs it: the packed tarball
// installed with exactly the gateway guide's install line, `studypulse-gateway --page 0` started
// from that install, and its cards decided by a person in Chromium on the page it serves. No
// clone, no `npm start`: the page comes with the package.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  type CallToolResult,
  ElicitRequestSchema,
  type ElicitRequestURLParams,
} from '@modelcontextprotocol/sdk/types.js'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rawRequest } from '../app/appHarness.ts'
import { countedLines, countingServer } from '../app/gateway/gatewayHarness.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { npmInstall, readmeExample } from './consumerProject.ts'
import { packedTarball } from './packedTarball.ts'

let work: string
let gateway: ChildProcess | undefined
let browser: Browser | undefined
let mcpUrl: string
let pageUrl: string
const clients: Client[] = []
// The counting server writes one line per call that really ran: its arguments.
const allowedLine = JSON.stringify({ line: 'allowed on the page' })

beforeAll(async () => {
  const packing = Date.now()
  const tarball = await packedTarball()
  const installing = Date.now()
  work = await mkdtemp(join(tmpdir(), 'studypulse-gateway-page-'))
  // The guide's line as written (`npm install -g studypulse-agent`), into a prefix of this test's
  // own: a global install must not touch the machine's.
  const words = installLine().map((word) => (word === 'studypulse-agent' ? tarball : word))
  const how = await npmInstall(work, words, { npm_config_prefix: join(work, 'global') })
  // The pack is shared with the other package tests of the run; the install is this file's own.
  console.log(
    `pack ${installing - packing} ms (shared), npm install -g ${Date.now() - installing} ms (${how})`,
  )
  await writeFile(
    join(work, 'mcp.json'),
    JSON.stringify({ version: 1, servers: { counting: countingServer(join(work, 'count.txt')) } }),
  )
  const started = startGateway(join(work, 'global', 'bin', 'studypulse-gateway'), [
    '--config',
    join(work, 'mcp.json'),
    '--workspace',
    join(work, 'ws'),
    '--http',
    '0',
    '--page',
    '0',
  ])
  gateway = started.child
  ;({ mcpUrl, pageUrl } = await started.urls)
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {})
  await browser?.close()
  if (gateway !== undefined && gateway.exitCode === null) {
    const exited = new Promise((resolve) => gateway?.once('exit', resolve))
    gateway.kill('SIGTERM')
    await exited
  }
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

test('a host that opens URLs is sent the card on the package’s own page; the call runs only after Allow there', {
  timeout: 120_000,
}, async () => {
  let opened: (params: ElicitRequestURLParams) => void = () => {}
  const asked = new Promise<ElicitRequestURLParams>((resolve) => {
    opened = resolve
  })
  const host = await connect({ url: {} })
  // Accepting a URL question only opens the page: the person decides there.
  host.setRequestHandler(ElicitRequestSchema, (request) => {
    opened(request.params as ElicitRequestURLParams)
    return { action: 'accept' }
  })
  const call = host.callTool({
    name: 'counting__append',
    arguments: { line: 'allowed on the page' },
  }) as Promise<CallToolResult>
  const question = await asked
  expect(question.mode).toBe('url')
  expect(question.url.startsWith(`${pageUrl}/?run=`), question.url).toBe(true)
  expect(await countedLines(join(work, 'count.txt'))).toEqual([])

  const page = await openPage(question.url)
  const card = page.locator('.sp-card[data-state="pending"]')
  await card.getByText('allowed on the page').first().waitFor()
  await card.getByRole('button', { name: 'Allow once' }).click()
  const result = await call
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await countedLines(join(work, 'count.txt'))).toEqual([allowedLine])
  await page.getByText('Allowed once').first().waitFor()
})

test('a host that cannot ask leaves its card on the page, listed as waiting; Deny there refuses the call and nothing runs', {
  timeout: 120_000,
}, async () => {
  const host = await connect({})
  const call = host.callTool({
    name: 'counting__append',
    arguments: { line: 'denied on the page' },
  }) as Promise<CallToolResult>

  // The person opens the page the gateway printed, and finds the waiting card in the list (it
  // follows the runtime's changes, so the card shows when the gateway has it).
  const page = await openPage(`${pageUrl}/`)
  await page.locator('.sp-runs__item', { hasText: 'Card waiting' }).click()
  const card = page.locator('.sp-card[data-state="pending"]')
  await card.getByText('denied on the page').first().waitFor()
  await card.getByRole('button', { name: 'Deny' }).click()
  const result = await call
  expect(result.isError).toBe(true)
  expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'user_denied' } })
  expect(await countedLines(join(work, 'count.txt'))).toEqual([allowedLine])
})

test('the page answers loopback only: another Host (DNS rebinding) is refused', async () => {
  const port = Number(new URL(pageUrl).port)
  // A name that resolves to 127.0.0.1 by a rebinding attacker's DNS: the page, token and all, is
  // not served to it.
  const rebound = await rawRequest(port, {
    path: '/',
    headers: { host: `attacker.example:${port}` },
  })
  expect(rebound.status).toBe(403)
  expect(rebound.json().error?.code).toBe('forbidden_host')
  // Without the page's launch token the API says nothing.
  const tokenless = await rawRequest(port, {
    path: '/api/runs',
    headers: { host: `127.0.0.1:${port}` },
  })
  expect(tokenless.status).toBe(403)
  expect(tokenless.json().error?.code).toBe('invalid_token')
})

/** The `npm install` line of the guide's marked gateway install, word by word after `npm`. */
function installLine(): string[] {
  const line = readmeExample('gateway-install')
    .split('\n')
    .find((l) => /^npm (install|i) /.test(l.trim()))
  if (line === undefined) throw new Error('the gateway guide has no npm install line')
  return line.trim().split(/\s+/).slice(2)
}

/** An MCP client over the gateway's HTTP endpoint, declaring the elicitation modes given. */
async function connect(elicitation: { url?: object }): Promise<Client> {
  const capabilities = Object.keys(elicitation).length > 0 ? { elicitation } : {}
  const client = new Client({ name: 'page-host', version: '1.0.0' }, { capabilities })
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)))
  clients.push(client)
  return client
}

async function openPage(url: string) {
  const context = await (browser as Browser).newContext({ viewport: { width: 1100, height: 760 } })
  const page = await context.newPage()
  page.on('pageerror', (error) => {
    throw error
  })
  await page.goto(url)
  return page
}

/** Starts the installed bin; resolves with the two addresses it prints on stderr. */
function startGateway(bin: string, args: string[]) {
  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let said = ''
  const urls = new Promise<{ mcpUrl: string; pageUrl: string }>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      const page = /cards are answered at (http:\/\/127\.0\.0\.1:\d+)\//.exec(said)
      const mcp = /serving MCP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(said)
      if (page?.[1] !== undefined && mcp?.[1] !== undefined)
        resolve({ pageUrl: page[1], mcpUrl: mcp[1] })
    })
    child.once('exit', (code) => reject(new Error(`the gateway ended (${code}):\n${said}`)))
  })
  return { child, urls }
}
