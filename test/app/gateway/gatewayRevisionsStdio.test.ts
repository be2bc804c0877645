import { join } from 'node:path'
import type { Client as StatelessClient } from '@modelcontextprotocol/client'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import type { InputRequiredResult } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  countedLines,
  countingServer,
  elicitingClient,
  type GatewayFolder,
  gatewayFolder,
  gatewayStdio,
} from './gatewayHarness.ts'
import { statedDeadline, statelessClient, statelessStdio } from './statelessClients.ts'

// The gateway as a host runs it (its own process over stdio), opened by each revision: the SDK
// 1.x client with `initialize` (2025-11-25) and the SDK v2 client pinned to 2026-07-28 (its
// `server/discover` probe, then stateless requests). Each allows, denies, cancels and lets
// expire a gated call of a real upstream server that counts its calls. Cards wait 3 s, so the
// late answer comes soon; the others answer at once.
let folder: GatewayFolder
let legacy: Client
let modern: StatelessClient
// What the next question is answered with, per client; `late` waits past the card's deadline.
let answer: ElicitResult | 'late' = { action: 'decline' }
const legacyAsked: string[] = []
const modernAsked: string[] = []
const countFile = () => join(folder.dir, 'count.txt')
const timeout = ['--ask-timeout', '3s']

async function respond(message: string): Promise<ElicitResult> {
  if (answer !== 'late') return answer
  const deadline = statedDeadline({ params: { message } } as never)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 50))
  return { action: 'accept', content: { answer: 'allow_once' } }
}

beforeAll(async () => {
  folder = await gatewayFolder((_files, dir) => ({
    version: 1,
    servers: { counting: countingServer(join(dir, 'count.txt')) },
  }))
  const old = elicitingClient((request) => {
    legacyAsked.push(request.params.message)
    return respond(request.params.message)
  })
  legacy = old.client
  const made = statelessClient((request) => {
    modernAsked.push(request.params.message)
    return respond(request.params.message)
  })
  modern = made.client
  await Promise.all([
    legacy.connect(gatewayStdio(folder, timeout)),
    // Its own workspace: two gateways never share one folder's cards.
    modern.connect(statelessStdio({ ...folder, workspace: join(folder.dir, 'ws2') }, timeout)),
  ])
  // Both processes up (a stateless client sends nothing more at connect than its probe).
  await Promise.all([legacy.listTools(), modern.listTools()])
})
afterAll(async () => {
  await legacy?.close().catch(() => {})
  await modern?.close().catch(() => {})
  await folder?.dispose()
})

test('each client speaks its own revision', () => {
  expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28')
  expect(legacy.getServerVersion()?.name).toBe('studypulse-gateway')
})

const cases: [string, ElicitResult | 'late', string | undefined][] = [
  ['allow', { action: 'accept', content: { answer: 'allow_once' } }, undefined],
  ['deny', { action: 'decline' }, 'user_denied'],
  ['cancel', { action: 'cancel' }, 'user_denied'],
  ['expire', 'late', 'confirmation_expired'],
]

for (const [era, client, asked] of [
  ['2025-11-25', () => legacy, legacyAsked],
  ['2026-07-28', () => modern, modernAsked],
] as const) {
  for (const [what, given, code] of cases) {
    test(`${era}: ${what} of a gated call over stdio`, async () => {
      answer = given
      const line = `${era} ${what}`
      const before = (await countedLines(countFile())).length
      const questions = asked.length
      const result = (await client().callTool({
        name: 'counting__append',
        arguments: { line },
      })) as CallToolResult
      const ran = (await countedLines(countFile())).slice(before)
      expect(asked.length - questions).toBe(1)
      if (code === undefined) {
        expect(result.isError, JSON.stringify(result)).toBeFalsy()
        expect(ran).toEqual([JSON.stringify({ line })])
      } else {
        expect(result.structuredContent).toMatchObject({ ok: false, error: { code } })
        expect(ran).toEqual([])
      }
    })
  }
}

test('2026-07-28 over stdio: a forged or replayed requestState decides nothing', async () => {
  const before = (await countedLines(countFile())).length
  const call = { name: 'counting__append', arguments: { line: 'stdio sealed' } }
  // The question handed back as it is, not answered by the client's handler.
  const asked = (await modern.callTool(call, {
    allowInputRequired: true,
  } as never)) as unknown as InputRequiredResult
  expect(asked.resultType).toBe('input_required')
  const retry = (requestState: string) => ({
    ...call,
    inputResponses: { card: { action: 'accept', content: { answer: 'allow_once' } } },
    requestState,
  })
  const state = asked.requestState as string
  const [head, body] = state.split('.')
  const forged = (await modern.callTool(
    retry(`${head}.${body}.${'A'.repeat(43)}`) as never,
  )) as CallToolResult
  expect(forged.structuredContent).toMatchObject({ error: { code: 'request_state_invalid' } })
  const taken = (await modern.callTool(retry(state) as never)) as CallToolResult
  expect(taken.isError, JSON.stringify(taken)).toBeFalsy()
  const replayed = (await modern.callTool(retry(state) as never)) as CallToolResult
  expect(replayed.structuredContent).toMatchObject({ error: { code: 'confirmation_not_found' } })
  expect((await countedLines(countFile())).slice(before)).toEqual(['{"line":"stdio sealed"}'])
})

// Last: it changes the upstream tool's schema.
test('2026-07-28 over stdio: an upstream tool list change reaches the subscriptions/listen stream', async () => {
  let changed: () => void = () => {}
  const heard = new Promise<void>((resolve) => {
    changed = resolve
  })
  modern.setNotificationHandler('notifications/tools/list_changed', () => changed())
  const listening = await modern.listen({ toolsListChanged: true })
  expect(listening.honoredFilter.toolsListChanged).toBe(true)
  answer = { action: 'accept', content: { answer: 'allow_once' } }
  const result = (await modern.callTool({
    name: 'counting__change',
    arguments: {},
  })) as CallToolResult
  expect(result.isError, JSON.stringify(result)).toBeFalsy()
  await heard
  await listening.close()
})
