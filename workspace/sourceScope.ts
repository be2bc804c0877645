import { constants } from 'node:fs'
import { type FileHandle, open, realpath } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import { errnoCode } from './errnoCode.ts'
import {
  checkAllowedSource,
  sourceFailure as fail,
  MAX_SOURCE_BYTES,
  quoteSourcePath as quote,
  type SourceError,
  type SourceReadResult,
} from './sourcePaths.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export {
  checkSourcePathForm,
  MAX_SOURCE_BYTES,
  normalizeSourcePath,
  type SourceError,
  type SourceErrorCode,
  type SourceReadResult,
} from './sourcePaths.ts'

/** Where a requested source lives, or why it may not be read. */
export type SourceResolution =
  | { ok: true; absolutePath: string; path: string }
  | { ok: false; error: SourceError }

/**
 * Checks that `requested` is well formed, listed in `allowed`, and really inside `sourcesDir`
 * (after following links), and returns its absolute path; never reads the file.
 */
export async function resolveSource(
  sourcesDir: string,
  allowed: readonly string[],
  requested: string,
): Promise<SourceResolution> {
  const checked = checkAllowedSource(allowed, requested)
  if (!checked.ok) return checked
  const { path } = checked
  const shown = quote(requested)
  let realRoot: string
  let realFile: string
  try {
    realRoot = await realpath(sourcesDir)
    realFile = await realpath(join(realRoot, path))
  } catch (error) {
    const code = errnoCode(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return fail(
        'source_not_found',
        `${shown} is a source of the current notebook but does not exist yet`,
      )
    }
    return fail('source_not_allowed', `${shown} cannot be read: its location could not be resolved`)
  }
  const inside = relative(realRoot, realFile)
  if (inside === '' || isAbsolute(inside) || inside === '..' || inside.startsWith(`..${sep}`)) {
    return fail(
      'source_not_allowed',
      `${shown} cannot be read: it links to a file outside the sources folder`,
    )
  }
  return { ok: true, absolutePath: realFile, path }
}

/** Resolves `requested` like `resolveSource` and returns its UTF-8 text, refusing files over 1 MiB. */
export async function readScopedSource(
  sourcesDir: string,
  allowed: readonly string[],
  requested: string,
): Promise<SourceReadResult> {
  const resolved = await resolveSource(sourcesDir, allowed, requested)
  if (!resolved.ok) return resolved
  const shown = quote(resolved.path)
  let handle: FileHandle | undefined
  try {
    // O_NOFOLLOW: a link swapped in after the check above is refused rather than followed.
    handle = await open(resolved.absolutePath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
    const info = await handle.stat()
    if (!info.isFile()) return fail('source_not_found', `${shown} is a folder, not a file`)
    if (info.size > MAX_SOURCE_BYTES) {
      return fail('source_too_large', `${shown} is larger than 1 MiB and cannot be read whole`)
    }
    // Read only the size seen by stat, so a file growing meanwhile cannot push past the limit.
    const bytes = await readAtMost(handle, info.size)
    return { ok: true, path: resolved.path, content: bytes.toString('utf8') }
  } catch (error) {
    const code = errnoCode(error)
    if (code === 'ENOENT') return fail('source_not_found', `${shown} does not exist`)
    if (code === 'ELOOP' || code === 'EACCES' || code === 'EPERM') {
      return fail('source_not_allowed', `${shown} cannot be read (${code})`)
    }
    throw WorkspaceError.io(`could not read source ${resolved.path}`, error)
  } finally {
    await handle?.close().catch(() => undefined)
  }
}

async function readAtMost(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit)
  let length = 0
  while (length < limit) {
    const { bytesRead } = await handle.read(buffer, length, limit - length, length)
    if (bytesRead === 0) break
    length += bytesRead
  }
  return buffer.subarray(0, length)
}
