/** Largest source file a read tool may return, in bytes (1 MiB). */
export const MAX_SOURCE_BYTES = 1024 * 1024

const MAX_PATH_LENGTH = 500
const MAX_LISTED = 20

/** Why a source could not be read. */
export type SourceErrorCode = 'source_not_allowed' | 'source_not_found' | 'source_too_large'

/** A failed source lookup, worded for a model to read. */
export type SourceError = { code: SourceErrorCode; message: string }

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

/** Checks that `requested` is well formed and one of `allowed`; returns its canonical form. Never touches storage. */
export function checkAllowedSource(
  allowed: readonly string[],
  requested: string,
): { ok: true; path: string } | { ok: false; error: SourceError } {
  const shown = quoteSourcePath(requested)
  const reason = checkSourcePathForm(requested)
  if (reason) return sourceFailure('source_not_allowed', `${shown} cannot be read: ${reason}`)
  const path = normalizeSourcePath(requested)
  const allowedPaths = [
    ...new Set(allowed.filter((a) => !checkSourcePathForm(a)).map(normalizeSourcePath)),
  ]
  if (!allowedPaths.includes(path)) {
    return sourceFailure(
      'source_not_allowed',
      `${shown} is not a source of the current notebook; allowed: ${listPaths(allowedPaths)}`,
    )
  }
  return { ok: true, path }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    // A lone `%` is a legal file-name character, not an encoding.
    return path
  }
}

/** A path as shown in messages: JSON-quoted, cut at 120 characters. */
export function quoteSourcePath(path: string): string {
  const text = typeof path === 'string' ? path : String(path)
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)
}

function listPaths(paths: readonly string[]): string {
  if (paths.length === 0) return '(none)'
  const listed = paths.slice(0, MAX_LISTED).join(', ')
  return paths.length > MAX_LISTED ? `${listed}, and ${paths.length - MAX_LISTED} more` : listed
}

/** A failed source lookup as data. */
export function sourceFailure(
  code: SourceErrorCode,
  message: string,
): { ok: false; error: SourceError } {
  return { ok: false, error: { code, message } }
}
