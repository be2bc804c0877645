import { useCallback, useEffect, useState } from 'react'
import type { Artifact, MemoryEntry, Notebook, Task } from '../../workspace/schemas.ts'
import type { WorkspaceReader } from '../core/WorkspaceReader.ts'

/** The workspace as the side panel shows it. */
export interface WorkspaceView {
  tasks: Task[]
  memory: MemoryEntry[]
  artifacts: Artifact[]
  notebooks: Notebook[]
  loading: boolean
  error?: string
  /** Reads everything again. */
  reload(): void
}

/** Reads tasks, memory, artifacts and notebooks; reads again whenever `refreshKey` changes. */
export function useWorkspaceView(reader: WorkspaceReader, refreshKey: unknown = 0): WorkspaceView {
  const [data, setData] = useState<Omit<WorkspaceView, 'reload'>>({
    tasks: [],
    memory: [],
    artifacts: [],
    notebooks: [],
    loading: true,
  })
  const [nonce, setNonce] = useState(0)
  const reload = useCallback(() => setNonce((n) => n + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and nonce are triggers only
  useEffect(() => {
    let current = true
    Promise.all([
      reader.readTasks(),
      reader.readMemory(),
      reader.listArtifacts(),
      reader.readNotebooks(),
    ]).then(
      ([tasks, memory, artifacts, notebooks]) => {
        if (current) setData({ tasks, memory, artifacts, notebooks, loading: false })
      },
      (error: unknown) => {
        if (current)
          setData((d) => ({
            ...d,
            loading: false,
            error: error instanceof Error ? error.message : String(error),
          }))
      },
    )
    return () => {
      current = false
    }
  }, [reader, refreshKey, nonce])

  return { ...data, reload }
}
