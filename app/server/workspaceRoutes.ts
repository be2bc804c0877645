import type { AppContext } from './AppContext.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/** Read-only views of the workspace and of the app itself. */
export function workspaceRoutes(app: AppContext, modelName: string): Route[] {
  const { workspace } = app.runtime
  const view =
    (read: () => Promise<unknown>): Route['handler'] =>
    async ({ res }) =>
      sendJson(res, 200, await read())
  return [
    {
      method: 'GET',
      pattern: '/api/info',
      handler: view(async () => {
        const notebook =
          app.notebookId === undefined ? undefined : await workspace.notebook(app.notebookId)
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
      handler: view(async () => ({ tasks: await workspace.readTasks() })),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/memory',
      handler: view(async () => ({ memory: await workspace.readMemory() })),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/artifacts',
      handler: view(async () => ({ artifacts: await workspace.listArtifacts() })),
    },
    {
      method: 'GET',
      pattern: '/api/workspace/notebooks',
      handler: view(async () => ({ notebooks: await workspace.readNotebooks() })),
    },
  ]
}
