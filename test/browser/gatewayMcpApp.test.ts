import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { serveGatewayHttp } from '../../app/gateway/serveGatewayHttp.ts'
import { startGateway } from '../../app/gateway/startGateway.ts'
import { gatewayFolder } from '../app/gateway/gatewayHarness.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { axeTags } from '../helpers/runAxe.ts'
import { readmePictures } from './pageInChromium.ts'

// The gateway's card as an MCP App, in real Chromium through ext-apps' own host bridge
// (AppBridge): a host that draws apps lists the card on the gated tool, draws it while the call
// waits, and the card's Allow once (an app-only tool) runs the call, once.
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
let browser: Browser
let server: Server
let outDir: string
let hostUrl: string
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'studypulse-app-host-'))
  const { build } = await import('vite')
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'mcpAppHost'),
    base: '/',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  })
  server = createServer(async (req, res) => {
    const path = normalize(join(outDir, new URL(req.url ?? '/', 'http://x').pathname))
    const file = path.startsWith(outDir) && extname(path) !== '' ? path : join(outDir, 'index.html')
    try {
      const type = extname(file) === '.js' ? 'text/javascript' : 'text/html'
      res.writeHead(200, { 'content-type': type })
      res.end(await readFile(file))
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  hostUrl = `http://127.0.0.1:${address.port}/`
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  await rm(outDir, { recursive: true, force: true })
})

test('the card drawn as an MCP App: diff shown, axe clean, Allow once runs the call once', {
  timeout: 120_000,
}, async () => {
  const folder = await gatewayFolder()
  cleanups.push(() => folder.dispose())
  const path = join(folder.files, 'plan.md')
  await writeFile(path, 'Week 1: cells\nSleep early\n')
  const started = await startGateway({
    configPath: folder.config,
    workspace: folder.workspace,
    askTimeoutMs: 600_000,
    env: {},
    log: () => {},
  })
  cleanups.push(() => started.stop())
  const http = await serveGatewayHttp(started.gateway, 0)
  cleanups.push(() => http.close())
  // A host that draws MCP Apps, and says so.
  const host = new Client(
    { name: 'apps-host', version: '1.0.0' },
    {
      capabilities: {
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      } as never,
    },
  )
  await host.connect(new StreamableHTTPClientTransport(new URL(http.url)))
  cleanups.push(() => host.close())
  const { tools } = await host.listTools()
  const write = tools.find((t) => t.name === 'files__write_file')
  const uri = (write?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri
  expect(uri).toBe('ui://studypulse/card.html')
  // A read is not carded.
  expect(tools.find((t) => t.name === 'files__read_text_file')?._meta?.ui).toBeUndefined()
  const resource = await host.readResource({ uri: uri as string })
  const html = (resource.contents[0] as { text: string }).text

  const args = { path, content: 'Week 1: cells and membranes\nSleep early\n' }
  const call = host.callTool({
    name: 'files__write_file',
    arguments: args,
  }) as Promise<CallToolResult>

  const page = await browser.newPage({ viewport: { width: 800, height: 760 } })
  page.on('pageerror', (error) => {
    throw error
  })
  const appCalls: string[] = []
  await page.exposeFunction('gatewayCall', async (params: { name: string }) => {
    appCalls.push(params.name)
    return host.callTool(params as never)
  })
  await page.goto(hostUrl)
  await page.evaluate(
    ([html, tool, args]) => window.showApp(html as string, tool as object, args as never),
    [html, write, args] as const,
  )
  const frame = page.frameLocator('iframe[title="StudyPulse card"]')
  await frame.locator('#card:not([hidden])').waitFor()
  expect(await frame.locator('#headline').textContent()).toBe(`Replace ${path}`)
  expect(await frame.locator('#level').textContent()).toBe('DESTRUCTIVE')
  expect(await frame.locator('del').allTextContents()).toEqual(['− Week 1: cells\n'])
  expect(await frame.locator('ins').allTextContents()).toEqual(['+ Week 1: cells and membranes\n'])
  // axe inside the app's frame.
  const inner = page.frames().find((f) => f !== page.mainFrame())
  if (inner === undefined) throw new Error('no app frame')
  await inner.addScriptTag({ path: axePath })
  const violations = await inner.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: object, o: object) => Promise<{ violations: { id: string }[] }> }
      }
    ).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } })
    return result.violations.map((v) => v.id)
  }, axeTags)
  expect(violations).toEqual([])
  await page.screenshot({ path: join(readmePictures, 'gateway-mcp-app.png') })
  expect(await readFile(path, 'utf8')).toBe('Week 1: cells\nSleep early\n')
  // What the card showed, read as the app read it: replayed after the decision, it is refused.
  const shown = (await host.callTool({
    name: 'studypulse_card',
    arguments: { tool: 'files__write_file', arguments: args },
  })) as CallToolResult
  const { confirmationId, digest } = shown.structuredContent as {
    confirmationId: string
    digest: string
  }

  await frame.getByRole('button', { name: 'Allow once' }).click()
  await frame.getByText('Allowed once.').waitFor()
  const result = await call
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  expect(await readFile(path, 'utf8')).toBe('Week 1: cells and membranes\nSleep early\n')
  expect(appCalls).toEqual(['studypulse_card', 'studypulse_decide'])
  // The same decision again: the card is spent, and nothing runs twice.
  const again = (await host.callTool({
    name: 'studypulse_decide',
    arguments: { confirmationId, digest, decision: 'allow' },
  })) as CallToolResult
  expect(again.structuredContent).toMatchObject({ error: { code: 'confirmation_not_found' } })
  expect(await readFile(path, 'utf8')).toBe('Week 1: cells and membranes\nSleep early\n')
})
