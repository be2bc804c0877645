import { lstat, mkdir, realpath } from 'node:fs/promises'
import { join } from 'node:path'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/**
 * The folder `dir` (relative, `/`-separated) inside the workspace at `root`, as an absolute path,
 * only if it and every folder on its way are plain folders: a link there could make a delete or a
 * write land outside the workspace (`artifacts/` linked elsewhere took `delete_note` there). A
 * missing folder is created when `create`, else undefined; a link, or a file in its place, is
 * refused with `io_error`, naming it.
 */
export async function plainFolder(
  root: string,
  dir: string,
  create: boolean,
): Promise<string | undefined> {
  let at: string
  try {
    at = await realpath(root)
  } catch (error) {
    throw WorkspaceError.io(`could not open the workspace folder ${root}`, error)
  }
  const walked: string[] = []
  for (const part of dir.split('/').filter((p) => p !== '')) {
    walked.push(part)
    const shown = `${walked.join('/')}/`
    at = join(at, part)
    let info = await lstat(at).catch((error: unknown) => {
      if (errnoCode(error) === 'ENOENT') return undefined
      throw WorkspaceError.io(`could not open ${shown}`, error, shown)
    })
    if (info === undefined) {
      if (!create) return undefined
      await mkdir(at).catch((error: unknown) => {
        if (errnoCode(error) !== 'EEXIST')
          throw WorkspaceError.io(`could not create ${shown}`, error, shown)
      })
      // Made here, or by another process a moment ago: either way looked at again.
      info = await lstat(at)
    }
    if (info.isDirectory()) continue
    const what = info.isSymbolicLink() ? 'a link to somewhere else' : 'not a folder'
    throw new WorkspaceError(
      'io_error',
      `${shown} in the workspace is ${what}; StudyPulse reads and writes only plain folders inside the workspace folder (make ${shown} a plain folder there)`,
      shown,
    )
  }
  return at
}
