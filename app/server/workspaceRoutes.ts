import { personOf } from '../../vocabulary/Identity.ts'
import { readNotebookSource } from '../../workspace/readNotebookSource.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import type { SourceErrorCode } from '../../workspace/sourcePaths.ts'
import type { AppContext } from './AppContext.ts'
import { admitStream } from './eventStream.ts'
import { HttpError } from './HttpError.ts'
import { readJsonBody } from './readJsonBody.ts'
import { readQuery } from './readQuery.ts'
import { SourceQuery, TaskDoneBody } from './requestSchemas.ts'
import type { Route, RouteContext } from './router.ts'
import { mayRead } from './runAccess.ts'
import { sendJson } from './sendJson.ts'
import { streamChanges } from './streamChanges.ts'

const sourceStatus: Record<SourceErrorCode, number> = {
  source_not_allowed: 403,
  source_not_found: 404,
  source_too_large: 422,
}

/** Read-only views of the asker's workspace (their own, or the team's) and of the app itself. */
export function workspaceRoutes(app: AppContext, modelName: string): Route[] {
  const view =
    (
      read: (workspace: StudyWorkspace, notebookId: string | undefined) => Promise<unknown>,
    ): Route['handler'] =>
    async ({ res, me }: RouteContext) => {
      const mine = await app.workspaces.of(personOf(me))
      sendJson(res, 200, await read(mine.workspace, mine.notebookId))
    }
  return [
    {
      method: 'GET',
      pattern: '/api/info',
      handler: view(async (workspace, notebookId) => {
        const notebook = notebookId === undefined ? undefined : await workspace.notebook(notebookId)
        return {
          model: modelName,
          workspace: workspace.location,
          ...(notebook && { notebook: { id: notebook.id, title: notebook.title } }),
        }
      }),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/tasks',
      handler: view(async (workspace) => ({ tasks: await workspace.readTasks() })),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/memory',
      handler: view(async (workspace) => ({ memory: await workspace.readMemory() })),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/artifacts',
      handler: view(async (workspace) => ({ artifacts: await workspace.listArtifacts() })),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/notebooks',
      handler: view(async (workspace) => ({ notebooks: await workspace.readNotebooks() })),
    },
    {
      // The person's own edit, not the agent's: the click is their decision, so no card asks it
      // again. It is bound to the version the page showed, like an allowed card's write.
      method: 'POST',
      pattern: '/api/workspace/tasks/:taskId/done',
      handler: async ({ req, res, params, me }) => {
        const { done, version } = await readJsonBody(req, TaskDoneBody)
        const taskId = params.taskId as string
        // The asker's own workspace (or the team's): nobody ticks another person's tasks.
        const { workspace } = await app.workspaces.of(personOf(me))
        const current = taskId.length <= 200 ? await workspace.readTask(taskId) : undefined
        if (current === undefined) throw new HttpError(404, 'task_not_found', 'no task has that id')
        const task = { ...current.value, done, updatedAt: workspace.clock().toISOString() }
        const written = await workspace.updateTaskAt(task, version)
        if (!written.ok)
          throw new HttpError(
            409,
            'target_changed',
            'the task changed since the page showed it; nothing was written',
          )
        sendJson(res, 200, { task: written.value, version: written.version })
      },
    },
    {
      method: 'GET',
      pattern: '/api/workspace/events',
      stream: true,
      handler: async ({ req, res, me }) => {
        const { workspace } = await app.workspaces.of(personOf(me))
        admitStream(app, res, me)
        // The asker's workspace, and only the runs they may read: in hosted mode nobody hears
        // that another person's run exists.
        streamChanges(req, res, {
          runtime: app.runtime,
          workspace,
          visible: (runId) => {
            try {
              return mayRead(app, app.runtime.view(runId), me)
            } catch {
              return false
            }
          },
        })
      },
    },
    {
      // The reader pane's view of one source: only a file the notebook lists, scoped as the read
      // tools are, so the page can show no more than the agent may read.
      method: 'GET',
      pattern: '/api/workspace/source',
      handler: async ({ url, res, me }) => {
        const { notebookId, path } = readQuery(url, SourceQuery)
        const { workspace } = await app.workspaces.of(personOf(me))
        const read = await readNotebookSource(workspace, notebookId, path)
        if (!read.ok)
          throw new HttpError(sourceStatus[read.error.code], read.error.code, read.error.message)
        sendJson(res, 200, { path: read.path, content: read.content })
      },
    },
  ]
}
