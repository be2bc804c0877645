import { type FSWatcher, type Stats, unwatchFile, watch, watchFile } from 'node:fs'
import { join } from 'node:path'
import { workspaceLayout } from './layOutWorkspace.ts'
import type { WorkspacePart } from './WorkspaceChange.ts'

const { tasks, memory, notebooks } = workspaceLayout
const fileParts: Readonly<Record<string, WorkspacePart>> = {
  [tasks]: 'tasks',
  [memory]: 'memory',
  [notebooks]: 'notebooks',
}

/**
 * Tells `tell` which parts of the workspace folder at `root` changed, by whom ever: the files
 * `tasks.json`, `memory.json`, `notebooks.json` and the notes in `artifacts/`, watched with the
 * file system's events (a write lands as the rename of a temp file, which is left out). Where the
 * system gives no events (no watch handles left, a network drive), each is looked at every
 * second instead. Returns the stop; the watch never keeps the process alive.
 */
export function watchWorkspaceFolder(
  root: string,
  tell: (parts: Iterable<WorkspacePart>) => void,
): () => void {
  const watchers: FSWatcher[] = []
  const polled: { path: string; listener: (now: Stats, before: Stats) => void }[] = []
  const poll = () => {
    for (const watcher of watchers.splice(0)) watcher.close()
    if (polled.length > 0) return
    for (const [file, part] of [...Object.entries(fileParts), ['artifacts', 'notes'] as const]) {
      const path = join(root, file)
      const listener = (now: Stats, before: Stats) => {
        if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino) tell([part])
      }
      watchFile(path, { persistent: false, interval: 1000 }, listener)
      polled.push({ path, listener })
    }
  }
  try {
    const onRoot = (_event: string, name: string | null) => {
      const part = name === null ? undefined : fileParts[name]
      if (part !== undefined) tell([part])
    }
    const onNotes = (_event: string, name: string | null) => {
      if (name === null || name.endsWith('.md')) tell(['notes'])
    }
    watchers.push(watch(root, { persistent: false }, onRoot))
    watchers.push(watch(join(root, 'artifacts'), { persistent: false }, onNotes))
    for (const watcher of watchers) watcher.on('error', poll)
  } catch {
    poll()
  }
  return () => {
    for (const watcher of watchers.splice(0)) watcher.close()
    for (const { path, listener } of polled.splice(0)) unwatchFile(path, listener)
  }
}
