import { useEffect, useState } from 'react'
import type { SourceReader } from '../core/SourceReader.ts'

/** One source as the reader pane shows it: being read, its text, or why it cannot be shown. */
export type SourceView =
  | { status: 'loading' }
  | { status: 'ready'; path: string; text: string }
  | { status: 'failed'; message: string }

/** Reads `path` of notebook `notebookId` through `reader`; reads again when either changes. */
export function useNotebookSource(
  reader: SourceReader,
  notebookId: string,
  path: string,
): SourceView {
  const [view, setView] = useState<SourceView>({ status: 'loading' })
  useEffect(() => {
    let current = true
    setView({ status: 'loading' })
    reader.readNotebookSource(notebookId, path).then(
      (read) => {
        if (!current) return
        setView(
          read.ok
            ? { status: 'ready', path: read.path, text: read.content }
            : { status: 'failed', message: read.error.message },
        )
      },
      (error: unknown) => {
        if (current)
          setView({
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
          })
      },
    )
    return () => {
      current = false
    }
  }, [reader, notebookId, path])
  return view
}
