const allowed = new Set(['http:', 'https:', 'mailto:'])

/**
 * `url` if it is an absolute `http:`, `https:` or `mailto:` URL, or a `#` fragment on this page;
 * else '' (so `javascript:`, `data:`, `vbscript:`, `file:` and relative URLs link nowhere).
 */
export function safeLinkUrl(url: string): string {
  if (/^#[\w-]+$/.test(url)) return url
  try {
    // The parsed form is checked and returned: it is what a browser follows (tabs and newlines dropped).
    const parsed = new URL(url)
    return allowed.has(parsed.protocol) ? parsed.href : ''
  } catch {
    return ''
  }
}
