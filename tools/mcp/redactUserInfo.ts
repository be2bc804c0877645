// `scheme://user:password@`: the user-info of a URL, up to its `@` (it holds no `/`, `?`, `#`).
const userInfo = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi

/** `text` with every URL's user-info (a name, a password) replaced by `***`: safe to show or log. */
export function redactUserInfo(text: string): string {
  return text.replace(userInfo, '$1***@')
}
