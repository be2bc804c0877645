import { constants } from 'node:fs'
import { type FileHandle, open, realpath } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** Largest source file a read tool may return, in bytes (1 MiB). */
export const MAX_SOURCE_BYTES = 1024 * 1024

const MAX_PATH_LENGTH = 500
const MAX_LISTED = 20

/** Why a source could not be read. */
export type SourceErrorCode = 'source_not_allowed' | 'source_not_found' | 'source_too_large'

/** A failed source lookup, worded for a model to read. */
export type SourceError = { code: SourceErrorCode; message: string }

/** Where a requested source lives, or why it may not be read. */
export type SourceResolution =
  | { ok: true; absolutePath: string; path: string }
  | { ok: false; error: SourceError }

/** A source's text, or why it may not be read. */
export type SourceReadResult =
  | { ok: true; path: string; content: string }
  | { ok: false; error: SourceError }

/** Returns why `path` is not an acceptable source path (relative, no traversal), or undefined when it is. */
export function checkSourcePathForm(path: string): string | undefined {
  if (typeof path !== 'string' || path.length === 0) return 'the path is empty'
  if (path.length > MAX_PATH_LENGTH) return `the path is longer than ${MAX_PATH_LENGTH} characters`
  if (path.includes('\0')) return 'the path contains a NUL byte'
  if (path.startsWith('/') || path.startsWith('\\') || /^[a-zA-Z]:/.test(path)) {
    return 'the path is absolute; give a path relative to the sources folder'
  }
  if (path.includes('\\')) return 'the path contains a backslash; use forward slashes'
  if (/%(2e|2f|5c|00)/i.test(path)) return 'the path contains percent-encoded dots or slashes'
  const decoded = safeDecode(path)
  if (decoded !== path && /\.\.|[/\\]/.test(decoded)) {
    return 'the path contains percent-encoded characters that decode to a traversal'
  }
  const segments = path.split('/')
  if (segments.includes('..')) return 'the path uses ".." to leave the sources folder'
  if (segments.every((segment) => segment === '' || segment === '.')) {
    return 'the path names the sources folder itself, not a file'
  }
  return undefined
}

/** The canonical form of a well-formed source path: `./a//b.md` becomes `a/b.md`. */
export function normalizeSourcePath(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/')
}

/**
 * Checks that `requested` is well formed, listed in `allowed`, and really inside `sourcesDir`
 * (after following links), and returns its absolute path; never reads the file.
 */
export async function resolveSource(
  sourcesDir: string,
  allowed: readonly string[],
  requested: string,
): Promise<SourceResolution> {
  const shown = quote(requested)
  const reason = checkSourcePathForm(requested)
  if (reason) return fail('source_not_allowed', `${shown} cannot be read: ${reason}`)
  const path = normalizeSourcePath(requested)
  const allowedPaths = [
    ...new Set(allowed.filter((a) => !checkSourcePathForm(a)).map(normalizeSourcePath)),
  ]
  if (!allowedPaths.includes(path)) {
    return fail(
      'source_not_allowed',
      `${shown} is not a source of the current notebook; allowed: ${listPaths(allowedPaths)}`,
    )
  }
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

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    // A lone `%` is a legal file-name character, not an encoding.
    return path
  }
}

function quote(path: string): string {
  const text = typeof path === 'string' ? path : String(path)
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)
}

function listPaths(paths: readonly string[]): string {
  if (paths.length === 0) return '(none)'
  const listed = paths.slice(0, MAX_LISTED).join(', ')
  return paths.length > MAX_LISTED ? `${listed}, and ${paths.length - MAX_LISTED} more` : listed
}

function fail(code: SourceErrorCode, message: string): { ok: false; error: SourceError } {
  return { ok: false, error: { code, message } }
}
