import { lstatSync } from 'node:fs'
import { errnoCode } from './errnoCode.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** Whether anything (a file, folder or link) is at `path`; other errors than "missing" are thrown. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    lstatSync(path)
    return true
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false
    throw WorkspaceError.io(`could not check ${path}`, error)
  }
}
