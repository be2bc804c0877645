// The package as a new user gets it: `npm pack`, then fresh projects that install the tarball
// (offline from the npm cache) and use it exactly as the README says.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardUri, mcpAppMimeType, mcpAppsExtension } from '../../app/gateway/cardApp.ts'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { launchChromium } from '../helpers/launchChromium.ts'
import { memoryServer } from '../tools/mcp/mcpTestServers.ts'
import {
  command,
  guideInstallArgs,
  guideInstalls,
  installedVersion,
  npmInstall,
  packageName,
  readmeExample,
  serveFolder,
  startProcess,
  writeFiles,
} from './consumerProject.ts'
import { builtScripts, guideFigures, measuredFigures, scriptTable } from './firstLoad.ts'
import { packedTarball } from './packedTarball.ts'
import { viteReactTsTemplate } from './viteReactTsTemplate.ts'

// An app on another React 19 minor than the repository's own, to prove React is not duplicated.
const appReact = '19.2.0'

// Made at load time: the describe blocks name their project folders in it.
const work = mkdtempSync(join(tmpdir(), 'studypulse-consumer-'))
let tarball: string

beforeAll(async () => {
  // `npm pack` runs `prepack` (`npm run build`), exactly as a publish would; once per test run,
  // or none when the last run packed the same inputs (test/package/packCache.ts).
  tarball = await packedTarball()
  await writeFiles(join(work, 'node-app'), nodeAppFiles())
  await writeFiles(
    join(work, 'vite-app'),
    viteReactTsTemplate(readmeExample('main.tsx'), { react: appReact }),
  )
  // Both at once: installs mostly wait on the disk and the cache. The Vite app gets the guide's
  // install line as written, so npm picks its versions as it would for the guide's reader.
  const [nodeInstall, viteInstall] = await Promise.all([
    npmInstall(join(work, 'node-app')),
    npmInstall(join(work, 'vite-app'), guideInstallArgs('react-install', tarball)),
  ])
  console.log(`npm install: node-app ${nodeInstall}, vite-app ${viteInstall}`)
}, 300_000)

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('the packed tarball', { timeout: 120_000 }, () => {
  it('holds only dist/, the README, the LICENSE and package.json', async () => {
    const listed = await command(work, 'tar', ['-tzf', tarball])
    const files = listed.stdout.trim().split('\n')
    const tops = new Set(files.map((f) => f.replace(/^package\//, '').split('/')[0]))
    expect([...tops].sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json'])
    for (const entry of ['index', 'core', 'server', 'ui/index', 'ui/core/index']) {
      for (const ext of ['.js', '.d.ts', '.js.map'])
        expect(files, `${entry}${ext}`).toContain(`package/dist/${entry}${ext}`)
    }
    expect(files).toContain('package/dist/ui/styles.css')
    // ext-apps' App for the gateway's card, with its licence (ext-apps is not a dependency).
    expect(files).toContain('package/dist/app/gateway/extApps/app-with-deps.js')
    expect(files).toContain('package/dist/app/gateway/extApps/LICENSE')
  })

  it('passes publint and arethetypeswrong (ESM-only profile)', async () => {
    // The installed bins themselves: `npx` would start npm first, to find them.
    const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name)
    const publint = await command(repoRoot, bin('publint'), ['run', tarball])
    expect(publint.code, publint.stdout + publint.stderr).toBe(0)
    expect(publint.stdout).toContain('All good')
    const attw = await command(repoRoot, bin('attw'), [
      tarball,
      '--profile',
      'esm-only',
      // attw resolves every entry point as TypeScript; a stylesheet has no types to check.
      '--exclude-entrypoints',
      'ui/styles.css',
      '--format',
      'ascii',
    ])
    expect(attw.code, attw.stdout + attw.stderr).toBe(0)
  })
})

describe('a Node project (plain ESM and TypeScript with nodenext)', { timeout: 120_000 }, () => {
  const app = join(work, 'node-app')

  it('installs neither React nor a model SDK nor an AI SDK provider, and nothing from the repo but the build', () => {
    const modules = readdirSync(join(app, 'node_modules'))
    const xstateScope = existsSync(join(app, 'node_modules', '@xstate'))
      ? readdirSync(join(app, 'node_modules', '@xstate'))
      : []
    expect(xstateScope, '@xstate/react').not.toContain('react')
    for (const absent of ['react', 'react-dom', 'openai', '@anthropic-ai', '@ai-sdk'])
      expect(modules, absent).not.toContain(absent)
    expect(modules).toContain('xstate') // the one peer npm installs for you
    const installed = readdirSync(join(app, 'node_modules', 'studypulse-agent')).sort()
    expect(installed).toEqual(['LICENSE', 'README.md', 'dist', 'package.json'])
  })

  it("plain `node` runs the README's runtime example, and runs it again on the same folder", async () => {
    const ran = await command(app, process.execPath, ['runtime.mjs'])
    expect(ran.code, ran.stderr).toBe(0)
    expect(ran.stdout).toContain("[ 'Read chapter 3' ]")
    const again = await command(app, process.execPath, ['runtime.mjs'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain("[ 'Read chapter 3', 'Read chapter 3' ]")
  })

  it('tsc --noEmit passes with module and moduleResolution nodenext, skipLibCheck off', async () => {
    // One checker (tsc's own option): beside the suite's other files, four only compete.
    const tsc = join(app, 'node_modules', '.bin', 'tsc')
    const checked = await command(app, tsc, ['-p', '.', '--checkers', '1'])
    expect(checked.code, checked.stdout + checked.stderr).toBe(0)
  })

  it('run_code runs in its worker-thread sandbox from the build, without tsx', async () => {
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false)
    const ran = await command(app, process.execPath, ['sandbox.mjs'])
    expect(ran.code, ran.stderr).toBe(0)
    expect(JSON.parse(ran.stdout)).toEqual({ ok: true, output: '42\n', value: 3 })
  })

  it('a model client without its SDK fails its first call with model_config, naming the package', async () => {
    const ran = await command(app, process.execPath, ['sdk.mjs'])
    expect(ran.code, ran.stderr).toBe(0)
    const failure = JSON.parse(ran.stdout)
    expect(failure).toMatchObject({ model: true, code: 'model_config' })
    expect(failure.message).toContain('npm install openai@')
  })

  it("the README's server example answers its allowed dev origin and refuses another", async () => {
    const server = startProcess(app, ['server.mjs'], { PORT: '0', STUDYPULSE_TOKEN: 'dev-token' })
    try {
      const [, url = ''] = await server.waitFor(/API at (http:\/\/127\.0\.0\.1:\d+)/)
      const start = (origin: string) =>
        fetch(`${url}/api/runs`, {
          method: 'POST',
          headers: {
            origin,
            'content-type': 'application/json',
            'x-studypulse-token': 'dev-token',
          },
          body: JSON.stringify({ input: 'add a task to review chapter 3' }),
        })
      const allowed = await start('http://localhost:5173')
      expect(allowed.status).toBe(201)
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      const refused = await start('http://localhost:5174')
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'forbidden_origin',
      )
    } finally {
      await server.stop()
    }
  })

  it('`npx studypulse-gateway --help` works from the tarball, and the bin serves MCP over stdio', async () => {
    const help = await command(app, 'npx', ['--no-install', 'studypulse-gateway', '--help'])
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toContain('Usage: studypulse-gateway --config <mcp.json>')
    // The installed bin in front of the reference memory server: its tools listed as the
    // gateway's, a read passed straight through.
    const config = await memoryConfig()
    const client = new Client({ name: 'consumer', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: join(app, 'node_modules', '.bin', 'studypulse-gateway'),
        args: ['--config', config, '--workspace', join(work, 'gateway-ws')],
        cwd: app,
        stderr: 'pipe',
      }),
    )
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain('memory__read_graph')
      const graph = await client.callTool({ name: 'memory__read_graph', arguments: {} })
      expect(graph.isError).toBeFalsy()
    } finally {
      await client.close()
    }
  })

  it("the installed bin offers its card as an MCP App to a host that draws them, ext-apps' App inside", async () => {
    // The App comes with the package: ext-apps itself is not installed beside it.
    expect(existsSync(join(app, 'node_modules', '@modelcontextprotocol', 'ext-apps'))).toBe(false)
    const host = new Client(
      { name: 'apps-host', version: '1.0.0' },
      { capabilities: { extensions: { [mcpAppsExtension]: { mimeTypes: [mcpAppMimeType] } } } },
    )
    await host.connect(
      new StdioClientTransport({
        command: join(app, 'node_modules', '.bin', 'studypulse-gateway'),
        args: ['--config', await memoryConfig(), '--workspace', join(work, 'gateway-apps-ws')],
        cwd: app,
        stderr: 'pipe',
      }),
    )
    try {
      const { resources } = await host.listResources()
      // The card first, then the memory server's own resource, passed through under its name.
      expect(resources.map((r) => r.uri)).toEqual([
        cardUri,
        'studypulse://memory/memory://knowledge-graph',
      ])
      const { tools } = await host.listTools()
      const write = tools.find((t) => t.name === 'memory__create_entities')
      expect(write?._meta?.ui).toMatchObject({ resourceUri: cardUri })
      const read = await host.readResource({ uri: cardUri })
      const [page] = read.contents as { mimeType?: string; text?: string }[]
      expect(page?.mimeType).toBe(mcpAppMimeType)
      // The card's own script, and ext-apps' App with the handshake it opens with.
      expect(page?.text).toContain('<title>StudyPulse card</title>')
      expect(page?.text).toContain('const { App } = extApps')
      expect(page?.text).toContain('"ui/initialize"')
    } finally {
      await host.close()
    }
  })
})

describe(`a Vite react-ts app on React ${appReact}, with the README's in-browser example`, {
  timeout: 120_000,
}, () => {
  const app = join(work, 'vite-app')
  let site: Server | undefined
  afterAll(() => new Promise<void>((done) => (site ? site.close(() => done()) : done())))

  it("installs exactly the template's packages and what the guide's install line names", async () => {
    const installs = guideInstalls('react-install').map(packageName)
    expect(installs).toContain('studypulse-agent')
    const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8'))
    expect(Object.keys(manifest.dependencies).sort()).toEqual(
      ['react', 'react-dom', ...installs].sort(),
    )
  })

  it("uses the app's React and @xstate/react: no second copy nested under the package", async () => {
    expect(existsSync(join(app, 'node_modules', 'studypulse-agent', 'node_modules'))).toBe(false)
    const react = JSON.parse(await readFile(join(app, 'node_modules/react/package.json'), 'utf8'))
    expect(react.version).toBe(appReact)
    // One `npm ls` for both questions: each reads the whole installed tree.
    const listed = await command(app, 'npm', [
      'ls',
      'react',
      'react-dom',
      '@xstate/react',
      '--all',
      '--parseable',
    ])
    const copies = listed.stdout.split('\n').filter((p) => /node_modules[/\\]react(-dom)?$/.test(p))
    expect(copies.map((p) => p.slice(app.length)).sort()).toEqual([
      `${sep}node_modules${sep}react`,
      `${sep}node_modules${sep}react-dom`,
    ])
    // The hooks select with the app's @xstate/react, a peer like React.
    const hookCopies = listed.stdout.split('\n').filter((p) => /[/\\]@xstate[/\\]react$/.test(p))
    expect(hookCopies.map((p) => p.slice(app.length))).toEqual([
      `${sep}node_modules${sep}@xstate${sep}react`,
    ])
  })

  it('`tsc -b && vite build` passes with the template tsconfig (bundler resolution, erasableSyntaxOnly)', async () => {
    const bin = (name: string) => join(app, 'node_modules', '.bin', name)
    const checked = await command(app, bin('tsc'), ['-b', '--checkers', '1'])
    expect(checked.code, checked.stdout + checked.stderr).toBe(0)
    // As `npm run build` runs it: vitest's NODE_ENV=test would bundle React's development build.
    const built = await command(app, bin('vite'), ['build', '--logLevel', 'warn'], {
      NODE_ENV: 'production',
    })
    expect(built.code, built.stdout + built.stderr).toBe(0)
    // Vite says so when a browser bundle reaches a Node module (the package's core must not).
    expect(built.stdout + built.stderr).not.toMatch(/externalized for browser compatibility/)
    // The chart's layout engine (elkjs) is a chunk of its own, loaded when a chart is drawn.
    const assets = readdirSync(join(app, 'dist', 'assets')).filter((a) => a.endsWith('.js'))
    const chunks = await Promise.all(
      assets.map((a) => readFile(join(app, 'dist', 'assets', a), 'utf8')),
    )
    const bundle = chunks.join('\n')
    expect(bundle).toContain(appReact)
    expect(bundle).not.toContain(installedVersion('react'))
  })

  it('loads at most 250 KB of gzipped JavaScript first; the planner and ELK when first needed', () => {
    const scripts = builtScripts(join(app, 'dist'))
    console.log(`the guide's page, built:\n${scriptTable(scripts)}`)
    const first = scripts.filter((s) => s.firstLoad)
    const later = scripts.filter((s) => !s.firstLoad).map((s) => s.name)
    expect(first.length).toBeGreaterThan(0)
    expect(first.reduce((sum, s) => sum + s.gzipBytes, 0)).toBeLessThanOrEqual(250_000)
    expect(later.some((name) => name.startsWith('elk.bundled'))).toBe(true)
    expect(later.some((name) => name.startsWith('planOfflineTurn'))).toBe(true)
  })

  it('is as big as the React guide says: its first-load and later chunks’ figures, to within 5 %', () => {
    const measured = measuredFigures(builtScripts(join(app, 'dist')))
    const said = guideFigures()
    for (const key of ['firstLoad', 'planner', 'editForm', 'elk'] as const) {
      const off = Math.abs(measured[key] - said[key]) / said[key]
      const why = `${key}: the guide says about ${said[key]} KB, the build has ${measured[key].toFixed(1)} KB`
      expect(off, why).toBeLessThanOrEqual(0.05)
    }
  })

  it('in Chromium: a card asks, Allow once is clicked, the task appears', async () => {
    site = await serveFolder(join(app, 'dist'))
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`)
      await page.locator('.sp-task__title', { hasText: 'Review lecture 1 notes' }).waitFor()
      await page
        .getByLabel('Message')
        .fill('add a task to review chapter 3 by Friday, importance 4')
      await page.getByLabel('Message').press('Enter')
      const card = page.locator('.sp-card[data-state="pending"]')
      await card.waitFor()
      expect(await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).count()).toBe(0)
      await card.getByRole('button', { name: 'Allow once' }).click()
      await page.locator('.sp-task__title', { hasText: 'Review chapter 3' }).waitFor()
      await page.getByText('Added “Review chapter 3” to your tasks').waitFor()
      // No rule reads "i ought to …": the page fetches the classifier's chunk, and its guess asks.
      const fetched: string[] = []
      page.on('request', (asked) => fetched.push(asked.url()))
      await page.getByLabel('Message').fill('i ought to water the plants')
      await page.getByLabel('Message').press('Enter')
      await page.locator('.sp-card[data-state="pending"]').waitFor()
      await page.locator('.sp-card', { hasText: 'Water the plants' }).waitFor()
      expect(fetched.some((url) => url.includes('plannerIntentClassifier'))).toBe(true)
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  })
})

/** The gateway's `mcp.json` in front of the reference memory server (trusted: its reads pass). */
async function memoryConfig(): Promise<string> {
  await writeFiles(work, {
    'gateway-mcp.json': JSON.stringify({
      version: 1,
      servers: { memory: memoryServer(join(work, 'memory.jsonl'), { trusted: true }) },
    }),
  })
  return join(work, 'gateway-mcp.json')
}

/** The Node project: the README's runtime and server examples, as .mjs and as TypeScript. */
function nodeAppFiles(): Record<string, string> {
  return {
    'package.json': JSON.stringify({
      name: 'node-consumer',
      private: true,
      type: 'module',
      dependencies: { 'studypulse-agent': `file:${tarball}` },
      devDependencies: {
        typescript: installedVersion('typescript'),
        '@types/node': installedVersion('@types/node'),
      },
    }),
    'runtime.mjs': readmeExample('runtime.mjs'),
    'server.mjs': readmeExample('server.mjs'),
    'src/runtime.ts': readmeExample('runtime.mjs'),
    'src/server.ts': readmeExample('server.mjs'),
    'src/entries.ts': [
      "import { MemoryWorkspace, defineTool } from 'studypulse-agent/core'",
      "import { createAppHandler, tokenPlaceholder } from 'studypulse-agent/server'",
      "import { StudyPulseClient } from 'studypulse-agent/ui/core'",
      'export const used = [MemoryWorkspace, defineTool, createAppHandler, tokenPlaceholder, StudyPulseClient]',
      '',
    ].join('\n'),
    'sdk.mjs': [
      "import { ModelError, OpenAIChatModel } from 'studypulse-agent'",
      "const model = new OpenAIChatModel({ model: 'gpt-test', baseURL: 'http://127.0.0.1:9' })",
      "const request = { messages: [{ role: 'user', content: 'hi' }], tools: [], signal: new AbortController().signal }",
      'await model.complete(request).then(',
      "  () => console.log('answered'),",
      '  (error) => console.log(JSON.stringify({ model: error instanceof ModelError, code: error.code, message: error.message })),',
      ')',
      '',
    ].join('\n'),
    'sandbox.mjs': [
      "import { runInSandbox } from 'studypulse-agent'",
      "console.log(JSON.stringify(await runInSandbox({ code: 'console.log(6 * 7); 1 + 2' })))",
      '',
    ].join('\n'),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        // The package's own declarations are checked too, under the consumer's settings.
        skipLibCheck: false,
        types: ['node'],
        lib: ['ES2022', 'DOM'],
        jsx: 'react-jsx',
      },
      include: ['src'],
    }),
  }
}
