const MAX_SLUG = 80
const MAX_TITLE = 200

/** The file name (without `.md`) for a note's title: lowercase a-z, 0-9 and dashes, at most 80 chars, or `note`. */
export function artifactSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
  return slug === '' ? 'note' : slug
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
