import { z } from 'zod'
import { fileTitle } from '../../vocabulary/fileTitle.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import { defineTool } from '../defineTool.ts'
import { snippet } from './snippet.ts'

/** One place in the workspace that mentions the query. */
export interface SearchMatch {
  kind: 'task' | 'memory' | 'note' | 'source'
  ref: string
  title: string
  snippet: string
}

const maxMatches = 20

/** `search_workspace` (read): tasks, memory, notes and the current notebook's sources. */
export const searchWorkspace = defineTool({
  name: 'search_workspace',
  description: "Search tasks, memory, notes and the current notebook's sources (case-insensitive).",
  parameters: z.strictObject({ query: z.string().max(200) }),
  permission: 'read',
  idempotent: true,
  check: (args) => (args.query.trim() === '' ? 'query must not be blank' : undefined),
  preview: (args) => `Search the workspace for “${args.query.trim()}”`,
  async execute(args, { workspace, sourcePaths }) {
    const query = args.query.trim()
    const matches: SearchMatch[] = []
    const consider = (kind: SearchMatch['kind'], ref: string, title: string, text: string) => {
      const found = snippet(text, query)
      if (found !== undefined) matches.push({ kind, ref, title, snippet: found })
    }
    for (const task of await workspace.readTasks()) {
      consider('task', task.id, task.title, [task.title, task.notes ?? ''].join('\n'))
    }
    for (const entry of await workspace.readMemory())
      consider('memory', entry.id, 'Memory', entry.text)
    for (const artifact of await workspace.listArtifacts()) {
      consider('note', artifact.name, artifact.title, `${artifact.title}\n${artifact.content}`)
    }
    for (const path of sourcePaths) {
      const read = await workspace.readSource(sourcePaths, path)
      // Titled as the panel shows it ("Lecture 2"); `ref` keeps the path, to read it by.
      if (read.ok) consider('source', read.path, fileTitle(read.path), read.content)
    }
    return toolOk({ query, total: matches.length, matches: matches.slice(0, maxMatches) })
  },
})
