/** The per-launch token the server wrote into the page's `<meta name="studypulse-token">`. */
export function readPageToken(doc: Document = document): string {
  const token = doc.querySelector('meta[name="studypulse-token"]')?.getAttribute('content') ?? ''
  if (token === '' || token.startsWith('__'))
    throw new Error('this page was not served by the StudyPulse app')
  return token
}
