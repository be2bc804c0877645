import type { RunListPage } from '../../store/RunListing.ts'
import type { McpServerStatus } from '../../tools/mcp/McpServerStatus.ts'
import type { CardReach, ToolApproval } from '../../vocabulary/approvalReach.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import type { PolicyFileProblems, PolicyRule } from '../../workspace/policyFile.ts'
import { recordVersion } from '../../workspace/recordVersion.ts'
import type { Artifact, MemoryEntry, Notebook, Task } from '../../workspace/schemas.ts'
import type { SourceErrorCode, SourceReadResult } from '../../workspace/sourcePaths.ts'
import type { WorkspaceChangeListener } from '../../workspace/WorkspaceChange.ts'
import type { McpAccess } from '../core/McpAccess.ts'
import type { PasskeyAccess, PasskeyEntry } from '../core/PasskeyAccess.ts'
import type { PolicyAccess } from '../core/PolicyAccess.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import type { RunLister } from '../core/RunLister.ts'
import type { SourceReader } from '../core/SourceReader.ts'
import type { TaskEditor } from '../core/TaskEditor.ts'
import type { WorkspaceReader } from '../core/WorkspaceReader.ts'
import { ChangeFeed, type RunsChangeListener } from './ChangeFeed.ts'
import { HttpApi, type HttpApiOptions } from './HttpApi.ts'
import { RemoteRunClient } from './RemoteRunClient.ts'

/** What the server says about itself. */
export interface AppInfo {
  model: string
  workspace: string
  notebook?: { id: string; title: string }
}

/** Who the server takes this page's person to be (hosted mode), or that nobody signs in. */
export type SignedInPerson =
  | { signedIn: false }
  | {
      signedIn: true
      id: string
      name?: string
      groups: string[]
      reviewer: boolean
      /** Each tool an approval rule covers, and what the rules let this person do with it. */
      approvals?: ToolApproval[]
    }

/** The app server seen from a page or a Node script: starts and opens runs, reads the workspace. */
export class StudyPulseClient
  implements
    WorkspaceReader,
    SourceReader,
    PolicyAccess,
    McpAccess,
    RunLister,
    TaskEditor,
    PasskeyAccess
{
  readonly #options: HttpApiOptions
  readonly #api: HttpApi
  readonly #changes: ChangeFeed

  constructor(options: HttpApiOptions) {
    this.#options = options
    this.#api = new HttpApi(options)
    this.#changes = new ChangeFeed(this.#api)
  }

  /**
   * Calls `listener` after each change to the workspace's tasks, memory, notes or notebooks, by
   * anyone (the terminal chat, another node): the server's live stream. Returns the unsubscribe.
   */
  watchChanges(listener: WorkspaceChangeListener): () => void {
    return this.#changes.watchWorkspace(listener)
  }

  /** Calls `listener` each time one of the server's runs changes state; returns the unsubscribe. */
  watchRuns(listener: RunsChangeListener): () => void {
    return this.#changes.watchRuns(listener)
  }

  /** Model, workspace folder and current notebook. */
  info(): Promise<AppInfo> {
    return this.#api.get('/api/info')
  }

  /** Who is signed in, as the server's authentication says (`GET /api/me`). */
  me(): Promise<SignedInPerson> {
    return this.#api.get('/api/me')
  }

  /** What this person may do with a run's open card, and where (`GET /api/runs/:runId/card`). */
  card(runId: string): Promise<CardReach> {
    return this.#api.get(`/api/runs/${encodeURIComponent(runId)}/card`)
  }

  /**
   * Ends this browser's session on every node (hosted browser sign-in); resolves with where the
   * page goes next: the issuer's sign-out, or the signed-out page.
   */
  async signOut(): Promise<string> {
    const response = await this.#api.raw('/auth/logout', { method: 'POST' })
    const answer = (await response.json().catch(() => ({}))) as { next?: unknown }
    return typeof answer.next === 'string' ? answer.next : '/signed-out'
  }

  /** Starts a run with the current notebook; returns a client following it. */
  startRun(input: string, notebookId?: string): Promise<RemoteRunClient> {
    return RemoteRunClient.start(this.#options, input, notebookId)
  }

  /**
   * Starts a run that opens with a change the person asked for from a button (no chat open yet):
   * its card is the run's first step, after the proposal's words; no model turn comes first.
   */
  startRunProposing(proposal: PersonProposal, notebookId?: string): Promise<RemoteRunClient> {
    return RemoteRunClient.start(this.#options, proposal.words, notebookId, proposal)
  }

  /** A client following an existing run (after a reload, or in a second tab). */
  openRun(runId: string): RemoteRunClient {
    return new RemoteRunClient({ ...this.#options, runId })
  }

  /** A page of the server's runs, newest first (`GET /api/runs`); pass `nextCursor` on for older ones. */
  listRuns(query: { limit?: number; cursor?: string } = {}): Promise<RunListPage> {
    const params = new URLSearchParams()
    if (query.limit !== undefined) params.set('limit', String(query.limit))
    if (query.cursor !== undefined) params.set('cursor', query.cursor)
    const search = params.size === 0 ? '' : `?${params}`
    return this.#api.get<RunListPage>(`/api/runs${search}`)
  }

  /** The standing rules in force ("allow create_task for this session", …). */
  async listPolicies(): Promise<PolicyRule[]> {
    return (await this.#api.get<{ rules: PolicyRule[] }>('/api/policies')).rules
  }

  /** Rules in `policies.json` that are not applied, and whether the file is corrupt. */
  async policyProblems(): Promise<PolicyFileProblems> {
    const { invalid, corrupt } = await this.#api.get<PolicyFileProblems>('/api/policies')
    return { invalid: invalid ?? [], ...(corrupt !== undefined && { corrupt }) }
  }

  /** Revokes a rule; rejects with `policy_not_found` when there is none with this id. */
  async revokePolicy(ruleId: string): Promise<void> {
    await this.#api.post(`/api/policies/${encodeURIComponent(ruleId)}/revoke`, {})
  }

  /** Your passkeys (`GET /api/passkeys`); `available: false` where the app keeps none. */
  listPasskeys(): Promise<{ available: boolean; passkeys: PasskeyEntry[] }> {
    return this.#api.get('/api/passkeys')
  }

  /**
   * Makes a passkey with this browser's authenticator and registers it: the server's options, the
   * authenticator's answer, the server's check. Needs the page's `webAuthn` ceremonies.
   */
  async registerPasskey(label?: string): Promise<void> {
    const webAuthn = this.#api.webAuthn
    if (webAuthn === undefined)
      throw new RunCommandError('not_supported', 'this client cannot make passkeys (no WebAuthn)')
    const options = await this.#api.post<Record<string, unknown>>('/api/passkeys/registration', {})
    const response = await webAuthn.create(options)
    await this.#api.post('/api/passkeys', { response, ...(label && { label }) })
  }

  /** Revokes one of your passkeys; rejects with `passkey_not_found` if none such is in use. */
  async revokePasskey(credentialId: string): Promise<void> {
    await this.#api.post('/api/passkeys/revoke', { credentialId })
  }

  /** The MCP servers, their tools and levels. */
  async listMcpServers(): Promise<McpServerStatus[]> {
    return (await this.#api.get<{ servers: McpServerStatus[] }>('/api/mcp/servers')).servers
  }

  /** The workspace's tasks. */
  async readTasks(): Promise<Task[]> {
    return (await this.#api.get<{ tasks: Task[] }>('/api/workspace/tasks')).tasks
  }

  /**
   * Marks a task done or not done, as the person's own edit (`POST …/done`, no card); refused
   * with `target_changed` when the task is no longer as `task` shows it.
   */
  async setTaskDone(task: Task, done: boolean): Promise<void> {
    await this.#api.post(`/api/workspace/tasks/${encodeURIComponent(task.id)}/done`, {
      done,
      version: recordVersion('task', task),
    })
  }

  /** What the agent remembers. */
  async readMemory(): Promise<MemoryEntry[]> {
    return (await this.#api.get<{ memory: MemoryEntry[] }>('/api/workspace/memory')).memory
  }

  /** Saved notes (the `save_artifact` tool's files). */
  async listArtifacts(): Promise<Artifact[]> {
    return (await this.#api.get<{ artifacts: Artifact[] }>('/api/workspace/artifacts')).artifacts
  }

  /** Notebooks and their sources. */
  async readNotebooks(): Promise<Notebook[]> {
    return (await this.#api.get<{ notebooks: Notebook[] }>('/api/workspace/notebooks')).notebooks
  }

  /** One source of a notebook, for the reader pane; a refusal (not listed, missing, too large) is data. */
  async readNotebookSource(notebookId: string, path: string): Promise<SourceReadResult> {
    const query = new URLSearchParams({ notebookId, path })
    try {
      return {
        ok: true,
        ...(await this.#api.get<{ path: string; content: string }>(
          `/api/workspace/source?${query}`,
        )),
      }
    } catch (error) {
      if (error instanceof RunCommandError && sourceErrorCodes.has(error.code))
        return { ok: false, error: { code: error.code as SourceErrorCode, message: error.message } }
      throw error
    }
  }
}

const sourceErrorCodes = new Set<string>([
  'source_not_allowed',
  'source_not_found',
  'source_too_large',
] satisfies SourceErrorCode[])
