import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { mcpConfigSchema } from '../../../tools/mcp/mcpConfig.ts'
import { type GatewayFolder, gatewayFolder, repo } from './gatewayHarness.ts'

// The guide's configurations are the ones the tests use: each host's entry is read out of
// docs/guide/gateway.md and the gateway is started with exactly its command and arguments (the
// guide's paths replaced by the test's folders), then a real client reads through it.
const guide = await readFile(join(repo, 'docs/guide/gateway.md'), 'utf8')
const blocks = (lang: string) =>
  [...guide.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '')
const guideConfig = '/home/you/.studypulse/mcp.json'
const guideWorkspace = '/home/you/.studypulse/workspace'

/** Each host's command line for the gateway, as the guide gives it. */
function hostEntries(): Record<string, string[]> {
  const json = blocks('json').map((text) => JSON.parse(text) as Record<string, unknown>)
  const entry = (config: Record<string, unknown>, key: string) => {
    const server = (config[key] as Record<string, { command: string; args: string[] }>).studypulse
    return [server?.command ?? '', ...(server?.args ?? [])]
  }
  const desktop = json.filter((c) => 'mcpServers' in c)
  const vscode = json.find((c) => 'servers' in c && 'studypulse' in (c.servers as object))
  const claudeCode = blocks('sh').find((text) => text.startsWith('claude mcp add')) ?? ''
  return {
    'Claude Code': claudeCode.trim().split(' -- ')[1]?.split(' ') ?? [],
    'Claude Desktop': entry(desktop[0] ?? {}, 'mcpServers'),
    Cursor: entry(desktop[1] ?? {}, 'mcpServers'),
    'VS Code': entry(vscode ?? {}, 'servers'),
  }
}

let folder: GatewayFolder
beforeEach(async () => {
  folder = await gatewayFolder()
  await writeFile(join(folder.files, 'notes.txt'), 'from the guide\n')
})
afterEach(() => folder.dispose())

test('every host in the guide starts the gateway with the same command line; the one that cannot ask adds the page', () => {
  const entries = hostEntries()
  expect(Object.keys(entries)).toHaveLength(4)
  const same = ['studypulse-gateway', '--config', guideConfig, '--workspace', guideWorkspace]
  for (const [host, entry] of Object.entries(entries)) {
    // Claude Desktop may draw no MCP Apps and asks no questions: its cards wait on the page.
    expect(entry, host).toEqual(host === 'Claude Desktop' ? [...same, '--page', '4319'] : same)
  }
})

test("the guide's mcp.json is valid, and says what the tests' config says", async () => {
  const config = blocks('json').find((text) => text.includes('"version": 1')) ?? ''
  const parsed = mcpConfigSchema.parse(JSON.parse(config))
  const files = parsed.servers.files
  expect(files).toMatchObject({ trusted: true, args: expect.arrayContaining(['-y']) })
  expect(JSON.stringify(files)).toContain('@modelcontextprotocol/server-filesystem')
  // The test's own: the same server, trusted, on one folder.
  const ours = mcpConfigSchema.parse(JSON.parse(await readFile(folder.config, 'utf8')))
  expect(ours.servers.files).toMatchObject({ trusted: true })
  expect(JSON.stringify(ours.servers.files)).toContain('server-filesystem')
})

test("the guide's command line, run as a host runs it, serves a read through the gateway", async () => {
  const [command, ...args] = hostEntries()['VS Code'] ?? []
  expect(command).toBe('studypulse-gateway')
  const client = new Client({ name: 'guide-host', version: '1.0.0' })
  await client.connect(
    new StdioClientTransport({
      // `studypulse-gateway` from a clone: `npm run gateway --` is `tsx app/gateway/main.ts`.
      command: process.execPath,
      args: [
        '--import',
        'tsx',
        join(repo, 'app/gateway/main.ts'),
        ...args.map((arg) =>
          arg === guideConfig ? folder.config : arg === guideWorkspace ? folder.workspace : arg,
        ),
      ],
      cwd: repo,
      stderr: 'pipe',
    }),
  )
  try {
    const read = (await client.callTool({
      name: 'files__read_text_file',
      arguments: { path: join(folder.files, 'notes.txt') },
    })) as CallToolResult
    expect(read.structuredContent).toEqual({ content: 'from the guide\n' })
  } finally {
    await client.close()
  }
})
