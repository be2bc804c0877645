import { useEffect, useRef, useState } from 'react'
import { fileTitle } from '../../vocabulary/fileTitle.ts'
import { momentText } from '../../vocabulary/humanTime.ts'
import type { PersonProposal } from '../../vocabulary/personProposal.ts'
import type { Notebook } from '../../workspace/schemas.ts'
import type { McpAccess } from '../core/McpAccess.ts'
import type { PasskeyAccess } from '../core/PasskeyAccess.ts'
import type { PolicyAccess } from '../core/PolicyAccess.ts'
import type { RunSource } from '../core/RunSource.ts'
import type { SourceReader } from '../core/SourceReader.ts'
import type { TaskEditor } from '../core/TaskEditor.ts'
import type { WorkspaceReader } from '../core/WorkspaceReader.ts'
import { useCompletedToolCount, useResolvedCount } from '../hooks/runHooks.ts'
import { useNotebookSource } from '../hooks/useNotebookSource.ts'
import { usePolicies } from '../hooks/usePolicies.ts'
import { useTaskDone } from '../hooks/useTaskDone.ts'
import { useWorkspaceView } from '../hooks/useWorkspaceView.ts'
import { McpServerList } from './McpServerList.tsx'
import { NotePane } from './NotePane.tsx'
import { PasskeyList } from './PasskeyList.tsx'
import { PolicyList } from './PolicyList.tsx'
import { ReaderPane } from './ReaderPane.tsx'
import { TaskList } from './TaskList.tsx'
import { TaskPane } from './TaskPane.tsx'

/** Props of `WorkspacePanel`. */
export interface WorkspacePanelProps {
  reader: WorkspaceReader
  /** The run whose completed tools trigger a refresh. */
  run: RunSource | undefined
  /** The notebook whose sources are listed (default: the first). */
  notebookId?: string
  /** Where the standing rules live; given, a "Your rules" section lists them with Revoke. */
  policies?: PolicyAccess
  /**
   * The signed-in person's passkeys; given, and where the app keeps them, a "Passkeys" section
   * lists them with Revoke and adds one.
   */
  passkeys?: PasskeyAccess
  /** Where the MCP servers are listed; given, a "Tool servers" section shows them with their tools' levels. */
  mcp?: McpAccess
  /** Where the notebook's sources are read; given, each source opens in the reader (notes always do). */
  sources?: SourceReader
  /**
   * Where the person's own task edits go; given, each task's done box is theirs to tick (a direct
   * edit, no card: the click is the decision). Without it the boxes only show the state.
   */
  tasks?: TaskEditor
  /**
   * Asks for a change from an opened task's Edit, Move or Delete or a note's Edit or Delete, as a
   * card in the chat (the run's `PROPOSE`); undefined while the chat cannot take one.
   */
  onPropose?: ((proposal: PersonProposal) => Promise<void>) | undefined
  /** Why changes cannot be asked now (no chat yet, a card waiting), said beside the buttons. */
  proposeBlocked?: string | undefined
}

/** What the reader pane has open. */
type Opened =
  | { kind: 'note'; name: string }
  | { kind: 'source'; path: string }
  | { kind: 'task'; id: string }

const openedKey = (opened: Opened) =>
  `${opened.kind}:${opened.kind === 'note' ? opened.name : opened.kind === 'task' ? opened.id : opened.path}`

/**
 * Tasks, memory, notes, the notebook's sources and your rules; a note or source opens in a reader
 * pane in its place (Back, or Escape, returns to the list and to the item). The workspace
 * refreshes each time a tool completes and, when the reader can follow it, each time anyone
 * changes it; the rules each time a card is decided. With `tasks`, a task's box marks it done.
 */
export function WorkspacePanel(props: WorkspacePanelProps) {
  const { reader, run, notebookId, policies, mcp, sources, tasks, onPropose, proposeBlocked } =
    props
  const { passkeys } = props
  const completed = useCompletedToolCount(run)
  const resolved = useResolvedCount(run)
  const view = useWorkspaceView(reader, `${run ? 'run' : 'none'}:${completed}`)
  const rules = usePolicies(policies, `${run ? 'run' : 'none'}:${resolved}:${completed}`)
  const notebook = view.notebooks.find((n) => n.id === notebookId) ?? view.notebooks[0]
  const [opened, setOpened] = useState<Opened>()
  const done = useTaskDone(tasks, view.tasks, view.reload)
  const returnTo = useRef<string>(undefined)
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (opened !== undefined || returnTo.current === undefined) return
    const key = returnTo.current
    returnTo.current = undefined
    for (const button of panel.current?.querySelectorAll<HTMLElement>('[data-opens]') ?? [])
      if (button.dataset.opens === key) button.focus()
  }, [opened])

  const close = () => {
    if (opened !== undefined) returnTo.current = openedKey(opened)
    setOpened(undefined)
  }
  if (opened?.kind === 'note')
    return (
      <div className="sp-panel" ref={panel}>
        <NotePane
          note={view.artifacts.find((a) => a.name === opened.name)}
          onClose={close}
          onPropose={onPropose}
          blocked={proposeBlocked}
        />
      </div>
    )
  if (opened?.kind === 'task')
    return (
      <div className="sp-panel" ref={panel}>
        <TaskPane
          task={done.tasks.find((t) => t.id === opened.id)}
          onClose={close}
          onPropose={onPropose}
          blocked={proposeBlocked}
        />
      </div>
    )
  if (opened?.kind === 'source' && sources && notebook)
    return (
      <div className="sp-panel" ref={panel}>
        <SourcePane reader={sources} notebook={notebook} path={opened.path} onClose={close} />
      </div>
    )
  const opener = (target: Opened) => ({
    type: 'button' as const,
    className: 'sp-list__open',
    'data-opens': openedKey(target),
    onClick: () => setOpened(target),
  })
  return (
    <div className="sp-panel" aria-busy={view.loading} ref={panel}>
      {view.error ? (
        <p className="sp-notice sp-notice--error">Could not read the workspace: {view.error}</p>
      ) : null}
      <section className="sp-panel__section" aria-labelledby="sp-tasks-heading">
        <h2 id="sp-tasks-heading">
          Tasks <span className="sp-count">{view.tasks.length}</span>
        </h2>
        {done.error ? (
          <p className="sp-notice sp-notice--error" role="alert">
            {done.error}
          </p>
        ) : null}
        <TaskList
          tasks={done.tasks}
          writing={done.writing}
          onOpen={(task) => setOpened({ kind: 'task', id: task.id })}
          {...(done.setDone && { onSetDone: done.setDone })}
        />
      </section>
      {policies ? (
        <section className="sp-panel__section" aria-labelledby="sp-rules-heading">
          <h2 id="sp-rules-heading">
            Your rules <span className="sp-count">{rules.rules.length}</span>
          </h2>
          <PolicyList view={rules} />
        </section>
      ) : null}
      {passkeys ? <PasskeyList access={passkeys} /> : null}
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
      <section className="sp-panel__section" aria-labelledby="sp-notes-heading">
        <h2 id="sp-notes-heading">Notes</h2>
        {view.artifacts.length === 0 ? (
          <p className="sp-muted">No notes yet.</p>
        ) : (
          <ul className="sp-list sp-list--notes">
            {view.artifacts.map((a) => (
              <li key={a.name}>
                <button {...opener({ kind: 'note', name: a.name })}>
                  <span className="sp-list__title">{a.title}</span>
                  <span className="sp-list__meta">saved {formatTime(a.updatedAt)}</span>
                </button>
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
            {notebook.sources.map((path) => (
              <li key={path}>
                {sources ? (
                  <button {...opener({ kind: 'source', path })}>{fileTitle(path)}</button>
                ) : (
                  fileTitle(path)
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

interface SourcePaneProps {
  reader: SourceReader
  notebook: Notebook
  path: string
  onClose: () => void
}

function SourcePane({ reader, notebook, path, onClose }: SourcePaneProps) {
  const source = useNotebookSource(reader, notebook.id, path)
  return (
    <ReaderPane
      title={fileTitle(path)}
      meta={`Source · ${notebook.title}`}
      body={
        source.status === 'loading'
          ? { kind: 'loading' }
          : source.status === 'failed'
            ? { kind: 'failed', message: source.message }
            : // Markdown files read as markdown; any other source is shown exactly as written.
              { kind: /\.(md|markdown)$/i.test(path) ? 'markdown' : 'text', text: source.text }
      }
      onClose={onClose}
    />
  )
}

// The app's one date and time format.
function formatTime(iso: string): string {
  return momentText(iso)
}
