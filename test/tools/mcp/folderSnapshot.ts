import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under a folder with its bytes (base64), to prove a folder did not change at all. */
export async function folderSnapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files: Record<string, string> = {}
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[path.slice(dir.length + 1)] = (await readFile(path)).toString('base64')
  }
  return files
}
