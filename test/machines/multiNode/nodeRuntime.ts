// A StudyPulse node for the multi-node tests: a runtime over the PostgreSQL store and workspace,
// with a model that asks for one `create_task` per user message and answers in text after it.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ModelClient, ModelRequest } from '../../../models/messages.ts'
import { ScriptedModel } from '../../../models/ScriptedModel.ts'
import type { AgentRuntime, RuntimeTimers } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import type { SignedApprovals } from '../../../runtime/SignedApprovals.ts'
import {
  type PostgresRunStore,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { ToolRegistry } from '../../../tools/ToolRegistry.ts'
import type { ApprovalRules } from '../../../vocabulary/ApprovalRules.ts'
import type { ModelTurn } from '../../../vocabulary/ChatMessage.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import { tcpProxy } from '../../helpers/tcpProxy.ts'

/** The model of every test node: `create <title>` asks for that task, a tool result ends the turn. */
export function taskModel(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ModelTurn => {
    const last = request.messages.at(-1)
    if (last?.role === 'tool') return { text: 'done' }
    const title = last?.role === 'user' ? last.content.replace(/^create /, '') : 'unknown'
    const n = request.messages.filter((m) => m.role === 'assistant').length
    return {
      toolCalls: [
        { id: `${title}-call-${n}`, name: 'create_task', arguments: JSON.stringify({ title }) },
      ],
    }
  })
}

// Longer than any test runs (vitest gives a test 60 s, the slowest ten minutes).
const longLeaseMs = 30 * 60_000

/** One node: its own pool, store, workspace and runtime on the shared database. */
export interface TestNode {
  runtime: AgentRuntime
  store: PostgresRunStore
  workspace: PostgresWorkspace
  /** Cuts every connection of this node to the database for good, as a dead network would. */
  loseDatabase(): void
  close(): Promise<void>
}

/**
 * Starts a node on database `url`. Its lease outlasts any test unless `leaseMs` says otherwise:
 * with a short one, a heartbeat late on a busy machine let a follower's `open` take a live
 * node's run over, and the owner's run never moved again ("did not reach awaitingConfirmation",
 * seen on CI). A test of a takeover by time passes a short `leaseMs`, or expires the lease itself.
 */
export async function startNode(
  url: string,
  options: {
    ownerId: string
    leaseMs?: number
    rescanEveryMs?: number
    timers?: RuntimeTimers
    sourcesDir?: string
    model?: ModelClient
    tools?: ToolRegistry
    approvalRules?: ApprovalRules
    /** The node's checker of signed decisions (the app's, over the shared passkey store). */
    signedApprovals?: SignedApprovals
    onPersistError?: (error: unknown) => void
    confirmationTimeoutMs?: number
    /** The node's own clock, its runtime's and its store's (which measures it against the database's). */
    localClock?: () => number
  },
): Promise<TestNode> {
  // Through a relay of its own, so a test can cut all of the node's connections at once.
  const target = new URL(url)
  const link = await tcpProxy({ host: target.hostname, port: Number(target.port) })
  target.port = String(link.port)
  const store = await postgresRunStore(
    { connectionString: target.toString() },
    {
      ownerId: options.ownerId,
      leaseMs: options.leaseMs ?? longLeaseMs,
      ...(options.localClock !== undefined && { localClock: options.localClock }),
    },
  )
  const sourcesDir = options.sourcesDir ?? (await mkdtemp(join(tmpdir(), 'sp-sources-')))
  const workspace = await PostgresWorkspace.open(
    { pool: store.pool },
    { workspaceId: 'shared', sourcesDir },
  )
  const runtime = createAgentRuntime({
    model: options.model ?? taskModel(),
    tools: options.tools ?? createToolRegistry(),
    ...(options.approvalRules !== undefined && { approvalRules: options.approvalRules }),
    ...(options.signedApprovals !== undefined && { signedApprovals: options.signedApprovals }),
    workspace,
    store,
    ...(options.rescanEveryMs !== undefined && { rescanEveryMs: options.rescanEveryMs }),
    ...(options.timers !== undefined && { timers: options.timers }),
    ...(options.onPersistError !== undefined && { onPersistError: options.onPersistError }),
    ...(options.localClock !== undefined && {
      clock: () => new Date((options.localClock as () => number)()),
    }),
    ...(options.confirmationTimeoutMs !== undefined && {
      confirmationTimeoutMs: options.confirmationTimeoutMs,
    }),
  })
  return {
    runtime,
    store,
    workspace,
    loseDatabase: () => link.cut(),
    close: async () => {
      await runtime.close()
      await link.close()
    },
  }
}
