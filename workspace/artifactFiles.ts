import { lstat, readdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { formatArtifact, parseArtifact } from './artifactText.ts'
import { writeFileAtomic } from './atomicWrite.ts'
import { errnoCode } from './errnoCode.ts'
import { plainFolder } from './plainFolder.ts'
import { type Artifact, ArtifactSchema } from './schemas.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export { artifactSlug, cleanArtifactTitle, formatArtifact, parseArtifact } from './artifactText.ts'

/** Folder of the markdown artifacts, relative to the workspace root. */
export const ARTIFACTS_DIR = 'artifacts'

/** Reads `artifacts/<name>.md` under `root`; undefined when it is missing or not a plain file. */
export async function readArtifactFile(root: string, name: string): Promise<Artifact | undefined> {
  const file = `${ARTIFACTS_DIR}/${name}.md`
  const folder = await plainFolder(root, ARTIFACTS_DIR, false)
  if (folder === undefined) return undefined
  const path = join(folder, `${name}.md`)
  try {
    const info = await lstat(path)
    // Only plain files: a link could expose something outside the workspace.
    if (!info.isFile()) return undefined
    const { title, content } = parseArtifact(name, await readFile(path, 'utf8'))
    return { name, title, content, updatedAt: info.mtime.toISOString() }
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined
    throw WorkspaceError.io(`could not read ${file}`, error, file)
  }
}

/** Every `artifacts/*.md` under `root` with a valid artifact name, sorted by name. */
export async function listArtifactFiles(root: string): Promise<Artifact[]> {
  let names: string[]
  const folder = await plainFolder(root, ARTIFACTS_DIR, false)
  if (folder === undefined) return []
  try {
    names = await readdir(folder)
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return []
    throw WorkspaceError.io(`could not list ${ARTIFACTS_DIR}/`, error, ARTIFACTS_DIR)
  }
  const artifacts: Artifact[] = []
  for (const fileName of names.sort()) {
    const name = fileName.slice(0, -'.md'.length)
    if (!fileName.endsWith('.md') || !ArtifactSchema.shape.name.safeParse(name).success) continue
    const artifact = await readArtifactFile(root, name)
    if (artifact) artifacts.push(artifact)
  }
  return artifacts
}

/** Writes `artifacts/<name>.md` under `root` atomically and returns it as read back. */
export async function writeArtifactFile(
  root: string,
  name: string,
  title: string,
  content: string,
): Promise<Artifact> {
  const file = `${ARTIFACTS_DIR}/${name}.md`
  try {
    const folder = (await plainFolder(root, ARTIFACTS_DIR, true)) as string
    await writeFileAtomic(join(folder, `${name}.md`), formatArtifact(title, content))
  } catch (error) {
    const cause = error instanceof WorkspaceError && error.cause !== undefined ? error.cause : error
    throw WorkspaceError.io(`could not save ${file}`, cause, file)
  }
  const saved = await readArtifactFile(root, name)
  if (!saved) throw new WorkspaceError('io_error', `${file} vanished right after saving`, file)
  return saved
}

/**
 * Removes `artifacts/<name>.md` under `root` (a link there is removed itself, never what it points
 * to); nothing to do when it is gone. Refused when `artifacts/` is not a plain folder.
 */
export async function removeArtifactFile(root: string, name: string): Promise<void> {
  const folder = await plainFolder(root, ARTIFACTS_DIR, false)
  if (folder === undefined) return
  try {
    await unlink(join(folder, `${name}.md`))
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT')
      throw WorkspaceError.io(`could not remove the note ${name}`, error)
  }
}
