import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMcpTools, McpConfigError } from '../../../tools/mcp/createMcpTools.ts'
import { loadMcpConfig } from '../../../tools/mcp/loadMcpConfig.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-mcp-config-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const load = async (content: string) => {
  const path = join(dir, 'mcp.json')
  await writeFile(path, content)
  return { path, loaded: await loadMcpConfig(path) }
}

describe('reading mcp.json', () => {
  it('is absent when there is no file', async () => {
    expect(await loadMcpConfig(join(dir, 'mcp.json'))).toEqual({ status: 'absent' })
  })

  it('fills in the defaults of stdio and HTTP servers', async () => {
    const { loaded } = await load(
      JSON.stringify({
        version: 1,
        servers: {
          files: { command: 'npx', args: ['-y', 'pkg'], trusted: true },
          notes: { url: 'http://127.0.0.1:9000/mcp', tools: { save: 'write' } },
        },
      }),
    )
    expect(loaded).toEqual({
      status: 'loaded',
      config: {
        version: 1,
        servers: {
          files: { command: 'npx', args: ['-y', 'pkg'], env: {}, trusted: true, tools: {} },
          notes: {
            url: 'http://127.0.0.1:9000/mcp',
            headers: {},
            trusted: false,
            tools: { save: 'write' },
          },
        },
      },
    })
  })

  it.each([
    ['{ not json', /is not valid JSON/],
    ['{"servers":{}}', /version/],
    ['{"version":1,"servers":{"a b":{"command":"x"}}}', /Invalid key.*\n.*servers\["a b"\]/],
    ['{"version":1,"servers":{"a":{"command":"x","tools":{"t":"admin"}}}}', /servers\.a\.tools\.t/],
    ['{"version":1,"servers":{"a":{"url":"file:///etc/passwd"}}}', /servers\.a\.url/],
    ['{"version":1,"servers":{"a":{"command":"x","trusted":"yes"}}}', /servers\.a\.trusted/],
    ['{"version":1,"servers":{"a":{"args":["x"]}}}', /servers\.a\.command/],
  ])('reports a bad file by name: %s', async (content, why) => {
    const { path, loaded } = await load(content)
    expect(loaded.status).toBe('invalid')
    const message = loaded.status === 'invalid' ? loaded.error.message : ''
    expect(message).toContain(path)
    expect(message).toMatch(why)
  })

  it('createMcpTools refuses a bad configuration with a coded error', async () => {
    await expect(createMcpTools({ version: 2, servers: {} } as never)).rejects.toBeInstanceOf(
      McpConfigError,
    )
  })
})
