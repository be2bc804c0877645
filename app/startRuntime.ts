import type { ModelClient } from '../models/messages.ts'
import type { AgentRuntime } from '../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../runtime/createAgentRuntime.ts'
import type { RunStore } from '../store/RunStore.ts'
import { sqliteRunStore } from '../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../tools/createToolRegistry.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import { addSampleRecords } from '../workspace/sampleWorkspace.ts'
import type { Notebook } from '../workspace/schemas.ts'
import { SqliteWorkspace } from '../workspace/sqlite/SqliteWorkspace.ts'
import type { Workspace } from '../workspace/Workspace.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'
import { applyPolicyFile } from './applyPolicyFile.ts'
import { openAppWorkspace } from './openAppWorkspace.ts'
import { openSharedStore } from './openSharedStore.ts'
import { eachPersonsWorkspace } from './personWorkspaces.ts'
import { oneWorkspace, type PersonWorkspaces } from './server/PersonWorkspaces.ts'
import {
  type PasskeyRelyingParty,
  passkeyRelyingParty,
} from './server/passkeys/PasskeyRelyingParty.ts'
import { passkeySignedApprovals } from './server/passkeys/passkeySignatures.ts'
import { type AppTracing, startTracing } from './startTracing.ts'
import type { StoreInUse } from './startupBanner.ts'

/** What the web app and the terminal chat start from. */
export interface StartRuntimeOptions {
  model: ModelClient
  /**
   * The tools, or how to make them once the workspace is open (e.g. with the servers of its
   * `mcp.json`); made before unfinished runs are restored, so their cards find their tools.
   */
  tools?: ToolRegistry | ((workspace: Workspace) => Promise<ToolRegistry>)
  confirmationTimeoutMs?: number
  env?: NodeJS.ProcessEnv
  /** Where a problem found while running (e.g. a failed save) is told, as one line. */
  log?: (line: string) => void
  /** The host's approval rules (hosted mode), applied by the chart's guard to every decision. */
  approvalRules?: ApprovalRules
  /** Hosted mode: each signed-in person's runs use their own workspace (else the team's one). */
  perPerson?: boolean
  /**
   * Hosted mode: the app's public origin, which makes it a passkey relying party (when its store
   * keeps passkeys), so cards whose approval rule requires a signed approval can be signed.
   */
  publicOrigin?: string
}

/** A runtime over the app's workspace, its unfinished runs restored. */
export interface StartedRuntime {
  workspace: Workspace
  notebook: Notebook | undefined
  runtime: AgentRuntime
  restored: string[]
  /** One line per damaged file found at start-up, each naming it; the app starts with what is sound. */
  problems: string[]
  /** Where the runs and the study data are kept: the folder, or PostgreSQL. */
  store: StoreInUse
  /** Each person's workspace (the runtime's `workspaceFor`; give the app server the same). */
  workspaces: PersonWorkspaces
  /** The traces being exported (`OTEL_EXPORTER_OTLP_ENDPOINT`); shut it down before exiting. */
  tracing: AppTracing | undefined
  /** The app as a passkey relying party (give the app server the same), when it is one. */
  passkeys: PasskeyRelyingParty | undefined
}

/**
 * Opens the workspace and starts the runtime as the apps do: temp files of killed writes swept,
 * bad audit lines set aside, damaged files reported by name (not fatal where going on is safe),
 * unfinished runs restored (traced, when traces are exported), and the rules file checked rule by
 * rule. Throws (a `WorkspaceError` naming the file) only when the workspace itself cannot be
 * opened, or when `OTEL_EXPORTER_OTLP_ENDPOINT` is not a URL.
 */
export async function startRuntime(options: StartRuntimeOptions): Promise<StartedRuntime> {
  const log = options.log ?? ((line: string) => console.error(line))
  const env = options.env ?? process.env
  const opened = await openAppWorkspace(env)
  const { workspace, problems } = opened
  let { notebook } = opened
  const root = workspace.root
  // With a database, runs and the study data live there, shared by every node started on it.
  const databaseUrl = env.STUDYPULSE_DATABASE_URL
  const shared =
    databaseUrl === undefined || databaseUrl === ''
      ? undefined
      : await openSharedStore(databaseUrl, workspace, notebook, env)
  let store: RunStore
  let records: StudyWorkspace
  if (shared !== undefined) {
    store = shared.store
    notebook = shared.notebook
    records = shared.workspace
  } else {
    // The folder's runs and records live in its SQLite file, on one connection; an older folder
    // store and older record files are imported on first open.
    const files = sqliteRunStore(root, { log })
    problems.push(...(await files.tidy()))
    store = files
    const folderRecords = SqliteWorkspace.open(root)
    problems.push(...folderRecords.found)
    if (opened.created) await addSampleRecords(folderRecords)
    records = folderRecords
    notebook = await firstNotebook(folderRecords, problems)
  }
  for (const read of [() => records.readTasks(), () => records.readMemory()]) {
    try {
      await read()
    } catch (error) {
      if (!(error instanceof WorkspaceError) || error.code !== 'corrupt_file') throw error
      problems.push(error.message)
    }
  }
  const tools =
    typeof options.tools === 'function'
      ? await options.tools(workspace)
      : (options.tools ?? createToolRegistry())
  const own = {
    workspace: records,
    ...(notebook !== undefined && { notebookId: notebook.id }),
  }
  const workspaces =
    options.perPerson === true
      ? eachPersonsWorkspace(
          own,
          shared && {
            source: { pool: shared.store.pool },
            workspaceId: shared.workspace.workspaceId,
            sourcesDir: workspace.sourcesDir,
          },
        )
      : oneWorkspace(own.workspace, own.notebookId)
  const tracing = await startTracing(env, log)
  const passkeys =
    options.publicOrigin !== undefined && store.passkeys !== undefined
      ? passkeyRelyingParty(store.passkeys, options.publicOrigin)
      : undefined
  const created = createAgentRuntime({
    model: tracing?.model(options.model) ?? options.model,
    tools,
    workspace: own.workspace,
    workspaceFor: async (person) => (await workspaces.of(person)).workspace,
    ...(options.approvalRules !== undefined && { approvalRules: options.approvalRules }),
    ...(passkeys !== undefined && {
      signedApprovals: passkeySignedApprovals(passkeys, {
        pageLink: (runId) => new URL(`/?run=${encodeURIComponent(runId)}`, passkeys.origin).href,
      }),
    }),
    store,
    ...(shared !== undefined && { rescanEveryMs: shared.rescanEveryMs }),
    ...(options.confirmationTimeoutMs !== undefined && {
      confirmationTimeoutMs: options.confirmationTimeoutMs,
    }),
    onPersistError: (error) => log(`studypulse: ${messageOf(error)}`),
  })
  // Traced before the restore: a run restored here continues the trace it began elsewhere.
  const runtime = tracing?.runtime(created) ?? created
  const restored = await runtime.restore()
  problems.push(...(await applyPolicyFile(runtime.policies, root)))
  const storeInUse: StoreInUse =
    shared === undefined
      ? { kind: 'files', folder: root }
      : {
          kind: 'postgresql',
          location: shared.store.location,
          workspaceId: shared.workspace.workspaceId,
          sourcesDir: workspace.sourcesDir,
        }
  return {
    workspace,
    notebook,
    runtime,
    restored,
    problems,
    store: storeInUse,
    workspaces,
    tracing,
    passkeys,
  }
}

// A damaged notebook is reported and the app goes on without one.
async function firstNotebook(
  records: StudyWorkspace,
  problems: string[],
): Promise<Notebook | undefined> {
  try {
    return (await records.readNotebooks())[0]
  } catch (error) {
    if (!(error instanceof WorkspaceError) || error.code !== 'corrupt_file') throw error
    problems.push(`${error.message} Until then no notebook's sources can be read.`)
    return undefined
  }
}

/** The one line a failed start-up prints: the reason, naming the file, never a stack trace. */
export function describeStartupFailure(error: unknown): string {
  return `studypulse: cannot start: ${messageOf(error)}`
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
