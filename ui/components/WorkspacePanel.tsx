import type { McpAccess } from '../core/McpAccess.ts'
import type { PolicyAccess } from '../core/PolicyAccess.ts'
import type { RunSource } from '../core/RunSource.ts'
import type { WorkspaceReader } from '../core/WorkspaceReader.ts'
import { useCompletedToolCount, useResolvedCount } from '../hooks/runHooks.ts'
import { usePolicies } from '../hooks/usePolicies.ts'
import { useWorkspaceView } from '../hooks/useWorkspaceView.ts'
import { McpServerList } from './McpServerList.tsx'
import { PolicyList } from './PolicyList.tsx'
import { TaskList } from './TaskList.tsx'

/** Props of `WorkspacePanel`. */
export interface WorkspacePanelProps {
  reader: WorkspaceReader
  /** The run whose completed tools trigger a refresh. */
  run: RunSource | undefined
  /** The notebook whose sources are listed (default: the first). */
  notebookId?: string
  /** Where the standing rules live; given, a "Your rules" section lists them with Revoke. */
  policies?: PolicyAccess
  /** Where the MCP servers are listed; given, a "Tool servers" section shows them with their tools' levels. */
  mcp?: McpAccess
}

/**
 * Tasks, memory, artifacts, the notebook's sources and your rules; the workspace refreshes each
 * time a tool completes, the rules each time a card is decided.
 */
export function WorkspacePanel({ reader, run, notebookId, policies, mcp }: WorkspacePanelProps) {
  const completed = useCompletedToolCount(run)
  const resolved = useResolvedCount(run)
  const view = useWorkspaceView(reader, `${run ? 'run' : 'none'}:${completed}`)
  const rules = usePolicies(policies, `${run ? 'run' : 'none'}:${resolved}:${completed}`)
  const notebook = view.notebooks.find((n) => n.id === notebookId) ?? view.notebooks[0]
  return (
    <div className="sp-panel" aria-busy={view.loading}>
      {view.error ? (
        <p className="sp-notice sp-notice--error">Could not read the workspace: {view.error}</p>
      ) : null}
      <section className="sp-panel__section" aria-labelledby="sp-tasks-heading">
        <h2 id="sp-tasks-heading">
          Tasks <span className="sp-count">{view.tasks.length}</span>
        </h2>
        <TaskList tasks={view.tasks} />
      </section>
      {policies ? (
        <section className="sp-panel__section" aria-labelledby="sp-rules-heading">
          <h2 id="sp-rules-heading">
            Your rules <span className="sp-count">{rules.rules.length}</span>
          </h2>
          <PolicyList view={rules} />
        </section>
      ) : null}
      {mcp ? (
        <section className="sp-panel__section" aria-labelledby="sp-mcp-heading">
          <h2 id="sp-mcp-heading">Tool servers</h2>
          <McpServerList access={mcp} refreshKey={`${run ? 'run' : 'none'}:${completed}`} />
        </section>
      ) : null}
      <section className="sp-panel__section" aria-labelledby="sp-memory-heading">
        <h2 id="sp-memory-heading">Remembered</h2>
        {view.memory.length === 0 ? (
          <p className="sp-muted">Nothing remembered yet.</p>
        ) : (
          <ul className="sp-list">
            {view.memory.map((m) => (
              <li key={m.id}>{m.text}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="sp-panel__section" aria-labelledby="sp-artifacts-heading">
        <h2 id="sp-artifacts-heading">Saved notes</h2>
        {view.artifacts.length === 0 ? (
          <p className="sp-muted">No saved notes yet.</p>
        ) : (
          <ul className="sp-list">
            {view.artifacts.map((a) => (
              <li key={a.name}>
                <span className="sp-list__title">{a.title}</span>
                <span className="sp-list__meta">{a.name}.md</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="sp-panel__section" aria-labelledby="sp-sources-heading">
        <h2 id="sp-sources-heading">Sources{notebook ? ` · ${notebook.title}` : ''}</h2>
        {notebook === undefined || notebook.sources.length === 0 ? (
          <p className="sp-muted">No sources in this notebook.</p>
        ) : (
          <ul className="sp-list sp-list--sources">
            {notebook.sources.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
