import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import {
  type CallToolResult,
  CancelledNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createGatewayServer } from '../../../app/gateway/gatewayServer.ts'
import type { StartedGateway } from '../../../app/gateway/startGateway.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import {
  countedLines,
  countingServer,
  elicitingClient,
  folderGateway,
  type GatewayFolder,
  gatewayFolder,
} from './gatewayHarness.ts'

// A call the gateway has answered is over: neither its server nor the host that was asked is told
// afterwards that it was cancelled. (The MCP SDK 1.x keeps its abort listener on a request's
// signal after the answer; the gateway aborts a card's question and its run's signal once the
// call is answered, and each of those sent a `notifications/cancelled` for a request already
// answered, two messages per gated call for nothing.)
let folder: GatewayFolder
let started: StartedGateway
let countFile: string
let cancelFile: string
const cancelsAtHost: unknown[] = []
const { client } = elicitingClient(() => ({ action: 'accept', content: { answer: 'allow_once' } }))

beforeAll(async () => {
  folder = await gatewayFolder((_files, dir) => {
    countFile = join(dir, 'count.txt')
    cancelFile = join(dir, 'cancelled.txt')
    return {
      version: 1,
      servers: {
        counting: countingServer(countFile, {
          env: { COUNT_FILE: countFile, CANCEL_FILE: cancelFile },
          // `change` passes straight through: the test's last word to the server, read after.
          tools: { change: 'read' },
        }),
      },
    }
  })
  started = await folderGateway(folder)
  const [atClient, atGateway] = InMemoryTransport.createLinkedPair()
  await createGatewayServer(started.gateway).connect(atGateway)
  client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
    cancelsAtHost.push(notification.params)
  })
  await client.connect(atClient)
})

afterAll(async () => {
  await client.close().catch(() => {})
  await started?.stop()
  await folder?.dispose()
})

// The run the gateway made for a call ends once it has been answered (`Gateway.#retire`).
function ended(runtime: AgentRuntime, runId: string): Promise<void> {
  const over = () => {
    try {
      return runtime.view(runId).status !== 'active'
    } catch {
      return true // let go already
    }
  }
  return new Promise((resolve) => {
    if (over()) return resolve()
    const stop = runtime.subscribe(runId, () => {
      if (!over()) return
      stop()
      resolve()
    })
  })
}

test('an allowed call runs once, and neither its server nor the host hears of a cancel after its answer', async () => {
  const result = (await client.callTool({
    name: 'counting__append',
    arguments: { line: 'one' },
  })) as CallToolResult
  expect(result.isError).not.toBe(true)
  expect(await countedLines(countFile)).toEqual(['{"line":"one"}'])
  const { runs } = await started.runtime.listRuns({ owner: 'mcp-gateway', limit: 10 })
  expect(runs).toHaveLength(1)
  await ended(started.runtime, runs[0]?.runId as string)
  // Messages to the server arrive in order: once this read is answered, any cancel before it was.
  await client.callTool({ name: 'counting__change', arguments: {} })
  const cancels = (() => {
    try {
      return readFileSync(cancelFile, 'utf8')
    } catch {
      return ''
    }
  })()
  expect(cancels).toBe('')
  expect(cancelsAtHost).toEqual([])
})
