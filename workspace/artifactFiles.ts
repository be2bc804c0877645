import { lstat, mkdir, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from './atomicWrite.ts'
import { errnoCode } from './errnoCode.ts'
import { type Artifact, ArtifactSchema } from './schemas.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** Folder of the markdown artifacts, relative to the workspace root. */
export const ARTIFACTS_DIR = 'artifacts'

const MAX_SLUG = 80
const MAX_TITLE = 200

/** The file name (without `.md`) for a title: lowercase a-z, 0-9 and dashes, at most 80 chars, or `artifact`. */
export function artifactSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
  return slug === '' ? 'artifact' : slug
}

/** A title on one line with runs of whitespace collapsed, as written into the heading. */
export function cleanArtifactTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim()
}

/** The markdown text of an artifact: `# <title>\n\n<content>\n`. */
export function formatArtifact(title: string, content: string): string {
  return `# ${title}\n\n${content}\n`
}

/** Reads back artifact text: title from its first `# ` heading (else the name), content without that heading. */
export function parseArtifact(name: string, text: string): { title: string; content: string } {
  const lines = text.split(/\r?\n/)
  const index = lines.findIndex((line) => line.startsWith('# ') && line.slice(2).trim() !== '')
  const heading = index >= 0 ? lines[index] : undefined
  const title = heading ? heading.slice(2).trim().slice(0, MAX_TITLE) : name
  if (index !== 0) return { title, content: text }
  // Undo formatArtifact so that save-then-list returns the content that was saved.
  let rest = lines.slice(1)
  if (rest[0] === '') rest = rest.slice(1)
  const content = rest.join('\n')
  return { title, content: content.endsWith('\n') ? content.slice(0, -1) : content }
}

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
