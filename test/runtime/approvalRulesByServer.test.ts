// Approval rules that name MCP servers: a rule covers every tool a fronted server offers, by the
// host's own name for the server (the tool's permission origin), whatever the tool is called.
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { studyPulseTools } from '../../tools/createToolRegistry.ts'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import {
  type ApprovalRules,
  parseApprovalRules,
  requiresSignature,
  rulesCovering,
} from '../../vocabulary/ApprovalRules.ts'
import { approvalReach } from '../../vocabulary/approvalReach.ts'
import type { Person } from '../../vocabulary/Identity.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { sequentialIds } from '../helpers/tempWorkspace.ts'

const alice: Person = { id: 'alice', name: 'Alice' }
const rita: Person = { id: 'rita', name: 'Rita' }

// A write tool of the MCP server the host calls `files` (as the MCP adapter marks its tools).
const writeFile = defineTool({
  name: 'files__write_file',
  description: 'Write a file (test double).',
  parameters: z.strictObject({ path: z.string() }),
  permission: 'write',
  permissionOrigin: {
    source: 'host',
    text: 'set by you in mcp.json',
    server: 'files',
    tool: 'write_file',
  },
  preview: (args) => `Write ${args.path}`,
  execute: () => toolOk({ written: true }),
})
// The same tool name from another server: a rule names servers, never tool-name prefixes.
const impostor = defineTool({
  ...writeFile,
  name: 'files__write_elsewhere',
  permissionOrigin: {
    source: 'untrusted_default',
    text: 'untrusted server other',
    server: 'other',
  },
})

const opened: AgentRuntime[] = []
afterEach(async () => {
  for (const runtime of opened.splice(0)) await runtime.close()
})

// Alice's run asking for `tool`, waiting on its card.
async function cardFor(rules: ApprovalRules, tool: string, args: object) {
  const runtime = createAgentRuntime({
    model: new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: tool, arguments: JSON.stringify(args) }] },
      { text: 'ok' },
    ]),
    tools: new ToolRegistry([...studyPulseTools, writeFile, impostor]),
    workspace: new MemoryWorkspace(),
    generateId: sequentialIds('id'),
    approvalRules: rules,
  })
  opened.push(runtime)
  const runId = runtime.startRun({ input: 'go', by: alice })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const pending = runtime.view(runId).pending
  if (pending === undefined) throw new Error('the run waits on a card')
  const card = { runId, confirmationId: pending.confirmationId, digest: pending.digest }
  const allow = async (by: Person) => {
    const answer = await runtime.decide({
      face: 'test',
      by,
      answers: [{ ...card, decision: 'allow' }],
      awaitOutcome: false,
    })
    const result = answer.cards[0]
    return result?.status === 'refused' ? result.code : result?.status
  }
  return { runtime, allow }
}

const signedFiles: ApprovalRules = {
  version: 1,
  rules: [{ name: 'the files server is signed', servers: ['files'], signed: true }],
}
const ritaForFiles: ApprovalRules = {
  version: 1,
  rules: [{ servers: ['files'], approvers: { users: ['rita'] } }],
}

describe('approval rules by MCP server', () => {
  it('reads a rule that names only servers; a rule naming nothing is still refused; version 1 files read as before', () => {
    expect(parseApprovalRules(signedFiles)).toEqual({ ok: true, rules: signedFiles })
    const nothing = parseApprovalRules({ version: 1, rules: [{ servers: [], signed: true }] })
    expect(nothing).toMatchObject({ ok: false, message: expect.stringContaining('the servers') })
    const old = {
      version: 1,
      rules: [{ levels: ['execute'], approvers: { groups: ['reviewers'] } }],
    }
    expect(parseApprovalRules(old)).toEqual({ ok: true, rules: old })
  })

  it("covers a server's tools only, by the host's server name", () => {
    expect(requiresSignature(signedFiles, 'write', 'files__write_file', 'files')).toBe(true)
    expect(requiresSignature(signedFiles, 'write', 'files__write_elsewhere', 'other')).toBe(false)
    expect(requiresSignature(signedFiles, 'write', 'create_task', undefined)).toBe(false)
    expect(rulesCovering(ritaForFiles, 'write', 'files__write_file', 'files')).toHaveLength(1)
    const tools = new ToolRegistry([...studyPulseTools, writeFile, impostor])
    expect(tools.serverOf('files__write_file')).toBe('files')
    expect(tools.serverOf('create_task')).toBeUndefined()
    const reach = approvalReach(
      ritaForFiles,
      tools.definitions().map((t) => ({ ...t, server: tools.serverOf(t.name) })),
      rita,
    )
    expect(reach.map((r) => r.tool)).toEqual(['files__write_file'])
  })

  it("a plain Allow on the server's card is refused as unsigned; a tool of no named server is not", async () => {
    const onServer = await cardFor(signedFiles, 'files__write_file', { path: 'notes.md' })
    expect(await onServer.allow(alice)).toBe('signature_required')
    const elsewhere = await cardFor(signedFiles, 'files__write_elsewhere', { path: 'notes.md' })
    expect(await elsewhere.allow(alice)).toBe('taken')
    const own = await cardFor(signedFiles, 'create_task', { title: 'Read chapter 3' })
    expect(await own.allow(alice)).toBe('taken')
  })

  it("the server's approvers decide its cards: the run's own person is refused, the named one takes it", async () => {
    const { allow } = await cardFor(ritaForFiles, 'files__write_file', { path: 'notes.md' })
    expect(await allow(alice)).toBe('approver_not_allowed')
    expect(await allow(rita)).toBe('taken')
  })
})
