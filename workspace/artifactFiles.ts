import { lstat, mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { formatArtifact, parseArtifact } from './artifactText.ts'
import { writeFileAtomic } from './atomicWrite.ts'
import { errnoCode } from './errnoCode.ts'
import { type Artifact, ArtifactSchema } from './schemas.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export { artifactSlug, cleanArtifactTitle, formatArtifact, parseArtifact } from './artifactText.ts'

/** Folder of the markdown artifacts, relative to the workspace root. */
export const ARTIFACTS_DIR = 'artifacts'

/** Reads `artifacts/<name>.md` under `root`; undefined when it is missing or not a plain file. */
export async function readArtifactFile(root: string, name: string): Promise<Artifact | undefined> {
  const file = `${ARTIFACTS_DIR}/${name}.md`
  const path = join(root, file)
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
  try {
    names = await readdir(join(root, ARTIFACTS_DIR))
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
    await mkdir(join(root, ARTIFACTS_DIR), { recursive: true })
    await writeFileAtomic(join(root, file), formatArtifact(title, content))
  } catch (error) {
    const cause = error instanceof WorkspaceError && error.cause !== undefined ? error.cause : error
    throw WorkspaceError.io(`could not save ${file}`, cause, file)
  }
  const saved = await readArtifactFile(root, name)
  if (!saved) throw new WorkspaceError('io_error', `${file} vanished right after saving`, file)
  return saved
}
