import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openAppMcp } from '../../../app/openAppMcp.ts'
import { createMcpTools, McpConfigError } from '../../../tools/mcp/createMcpTools.ts'
import { loadMcpConfig } from '../../../tools/mcp/loadMcpConfig.ts'
import { redactUserInfo } from '../../../tools/mcp/redactUserInfo.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-creds-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

// Port 9 (discard) on loopback: nothing answers, so nothing is sent anywhere.
const urls = [
  'http://svc:PASSWORD@127.0.0.1:9/mcp',
  'https://PASSWORD@127.0.0.1:9/mcp',
  'http://:PASSWORD@127.0.0.1:9/mcp',
]
const config = (url: string) => ({ version: 1 as const, servers: { notes: { url } } })

describe('credentials in an MCP server URL', () => {
  it.each(urls)('are refused when mcp.json is loaded, saying how to pass them: %s', async (url) => {
    const path = join(dir, 'mcp.json')
    await writeFile(path, JSON.stringify(config(url)))
    const loaded = await loadMcpConfig(path)
    expect(loaded.status).toBe('invalid')
    const message = loaded.status === 'invalid' ? loaded.error.message : ''
    expect(message).toMatch(/servers\.notes\.url/)
    expect(message).toMatch(/headers/)
    expect(message).not.toContain('PASSWORD')
  })

  it('are not quoted from a file that is not JSON (the parser quotes the text near its error)', async () => {
    const path = join(dir, 'mcp.json')
    await writeFile(path, '{"version":1,"servers":{"a":{"url":PASSWORD@svc/mcp"}}}')
    const loaded = await loadMcpConfig(path)
    const message = loaded.status === 'invalid' ? loaded.error.message : ''
    expect(message).toMatch(/is not valid JSON: Unexpected token 'P'/)
    expect(message).not.toContain('PASSWORD')
  })

  it.each(urls)('are refused by createMcpTools, and never echoed: %s', async (url) => {
    const made = createMcpTools(config(url))
    await expect(made).rejects.toBeInstanceOf(McpConfigError)
    await expect(made).rejects.toThrow(/headers/)
    await expect(made).rejects.not.toThrow(/PASSWORD/)
  })

  it('never reach the start-up log or the server statuses', async () => {
    await writeFile(join(dir, 'mcp.json'), JSON.stringify(config(urls[0] as string)))
    const lines: string[] = []
    const mcp = await openAppMcp(dir, (line) => lines.push(line))
    const statuses = JSON.stringify(mcp?.servers() ?? [])
    await mcp?.close()
    expect(lines.join('\n')).toMatch(/headers/)
    expect(`${lines.join('\n')}${statuses}`).not.toContain('PASSWORD')
  })

  it('are cut out of any message that carries a URL (a server’s stderr, a transport error)', () => {
    expect(
      redactUserInfo(
        'Request cannot be constructed from a URL that includes credentials: http://svc:PASSWORD@x/mcp; see https://a:b@c.example/d and http://plain.example/e@f',
      ),
    ).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://***@x/mcp; see https://***@c.example/d and http://plain.example/e@f',
    )
  })
})
