import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import { writeFileAtomic } from './atomicWrite.ts'
import { errnoCode } from './errnoCode.ts'
import { summarizeZodIssues } from './summarizeZodIssues.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/**
 * Reads and validates `file` (relative to `root`); throws `corrupt_file` naming it when it is not
 * JSON or fails `schema`, and returns `missing()` (or throws `not_found`) when it does not exist.
 */
export async function readJsonFile<S extends z.ZodType>(
  root: string,
  file: string,
  schema: S,
  missing?: () => z.output<S>,
): Promise<z.output<S>> {
  let text: string
  try {
    // Read at once (see `flushToDisk.ts`): a round trip through the thread pool costs more.
    text = readFileSync(join(root, file), 'utf8')
  } catch (error) {
    const code = errnoCode(error)
    if (code === 'ENOENT' && missing) return missing()
    if (code === 'ENOENT') throw new WorkspaceError('not_found', `${file} does not exist`, file)
    throw WorkspaceError.io(`could not read ${file}`, error, file)
  }
  let json: unknown
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw corrupt(file, `it is not valid JSON (${reason})`, error)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw corrupt(
      file,
      `it does not match the expected format (${summarizeZodIssues(parsed.error)})`,
    )
  }
  return parsed.data
}

/** Writes `value` as pretty JSON to `file` (relative to `root`), atomically (and durably unless `durable` is false). */
export async function writeJsonFile(
  root: string,
  file: string,
  value: unknown,
  durable = true,
): Promise<void> {
  try {
    await writeFileAtomic(join(root, file), `${JSON.stringify(value, null, 2)}\n`, durable)
  } catch (error) {
    // Report the file relative to the root, with the underlying system error as the reason.
    const cause = error instanceof WorkspaceError && error.cause !== undefined ? error.cause : error
    throw WorkspaceError.io(`could not write ${file}`, cause, file)
  }
}

function corrupt(file: string, what: string, cause?: unknown): WorkspaceError {
  return new WorkspaceError(
    'corrupt_file',
    `${file} is corrupt: ${what}. Fix or remove it by hand; StudyPulse will not overwrite it.`,
    file,
    { cause },
  )
}
