import { useCallback, useEffect, useState } from 'react'
import type { Artifact, MemoryEntry, Notebook, Task } from '../../workspace/schemas.ts'
import type { WorkspacePart } from '../../workspace/WorkspaceChange.ts'
import type { WorkspaceReader } from '../core/WorkspaceReader.ts'

/** The workspace as the side panel shows it. */
export interface WorkspaceContents {
  tasks: Task[]
  memory: MemoryEntry[]
  artifacts: Artifact[]
  notebooks: Notebook[]
  loading: boolean
  error?: string
  /** Reads everything again. */
  reload(): void
}

type Parts = Pick<WorkspaceContents, 'tasks' | 'memory' | 'artifacts' | 'notebooks'>

// What each part of a change reads again.
const readPart: Record<WorkspacePart, (reader: WorkspaceReader) => Promise<Partial<Parts>>> = {
  tasks: async (reader) => ({ tasks: await reader.readTasks() }),
  memory: async (reader) => ({ memory: await reader.readMemory() }),
  notes: async (reader) => ({ artifacts: await reader.listArtifacts() }),
  notebooks: async (reader) => ({ notebooks: await reader.readNotebooks() }),
}

/**
 * Reads tasks, memory, notes and notebooks; reads everything again whenever `refreshKey`
 * changes, and, when the reader can follow the workspace (`watchChanges`), the parts that
 * changed whenever anyone changes them: the panel stays current without a reload.
 */
export function useWorkspaceView(
  reader: WorkspaceReader,
  refreshKey: unknown = 0,
): WorkspaceContents {
  const [data, setData] = useState<Omit<WorkspaceContents, 'reload'>>({
    tasks: [],
    memory: [],
    artifacts: [],
    notebooks: [],
    loading: true,
  })
  const [nonce, setNonce] = useState(0)
  const reload = useCallback(() => setNonce((n) => n + 1), [])
  const failed = useCallback(
    (error: unknown) =>
      setData((d) => ({
        ...d,
        loading: false,
        error: error instanceof Error ? error.message : String(error),
      })),
    [],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and nonce are triggers only
  useEffect(() => {
    let current = true
    Promise.all(Object.values(readPart).map((read) => read(reader))).then(
      (parts) => {
        if (current) setData({ ...(Object.assign({}, ...parts) as Parts), loading: false })
      },
      (error: unknown) => {
        if (current) failed(error)
      },
    )
    return () => {
      current = false
    }
  }, [reader, refreshKey, nonce])

  useEffect(() => {
    if (reader.watchChanges === undefined) return
    let current = true
    const stop = reader.watchChanges((change) => {
      Promise.all(change.parts.map((part) => readPart[part](reader))).then(
        (parts) => {
          if (!current) return
          const fresh = Object.assign({}, ...parts) as Partial<Parts>
          // A read that works again clears the error an earlier one left.
          setData(({ error: _error, ...kept }) => ({ ...kept, ...fresh }))
        },
        (error: unknown) => {
          if (current) failed(error)
        },
      )
    })
    return () => {
      current = false
      stop()
    }
  }, [reader, failed])

  return { ...data, reload }
}
