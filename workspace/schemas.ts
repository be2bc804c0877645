import { z } from 'zod'

/** An ISO-8601 timestamp string. */
const isoDateTime = z.iso.datetime({ offset: true })

/** A study task, as stored in `tasks.json`. */
export const TaskSchema = z.strictObject({
  id: z.string().min(1).max(200),
  title: z.string().min(1).max(500),
  importance: z.number().int().min(1).max(5).optional(),
  due: z.string().max(100).optional(),
  notes: z.string().max(10_000).optional(),
  done: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
})
/** A study task. */
export type Task = z.infer<typeof TaskSchema>

/** `tasks.json`. */
export const TasksFileSchema = z.strictObject({ version: z.literal(1), tasks: z.array(TaskSchema) })

/** One thing the agent remembers, as stored in `memory.json`. */
export const MemoryEntrySchema = z.strictObject({
  id: z.string().min(1),
  text: z.string().min(1).max(10_000),
  createdAt: isoDateTime,
})
/** One thing the agent remembers. */
export type MemoryEntry = z.infer<typeof MemoryEntrySchema>

/** `memory.json`. */
export const MemoryFileSchema = z.strictObject({
  version: z.literal(1),
  entries: z.array(MemoryEntrySchema),
})

/** A notebook: a title and the source files (relative to `sources/`) its read tools may see. */
export const NotebookSchema = z.strictObject({
  id: z.string().min(1),
  title: z.string().min(1).max(200),
  sources: z.array(z.string().min(1).max(500)),
  createdAt: isoDateTime,
})
/** A notebook and its sources. */
export type Notebook = z.infer<typeof NotebookSchema>

/** `notebooks.json`. */
export const NotebooksFileSchema = z.strictObject({
  version: z.literal(1),
  notebooks: z.array(NotebookSchema),
})

/** A saved artifact: a markdown file in `artifacts/`. */
export const ArtifactSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/),
  title: z.string().min(1).max(200),
  content: z.string().max(200_000),
  updatedAt: isoDateTime,
})
/** A saved artifact. */
export type Artifact = z.infer<typeof ArtifactSchema>

/** `studypulse.json`, the marker that makes a folder a workspace. */
export const WorkspaceMarkerSchema = z.strictObject({
  format: z.literal('studypulse-workspace'),
  version: z.literal(1),
  createdAt: isoDateTime,
})
