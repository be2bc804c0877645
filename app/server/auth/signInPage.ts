import type { ServerResponse } from 'node:http'
import { securityHeaders } from '../sendJson.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A plain page saying why a sign-in was refused, with a way to start again (no token in it). */
export function signInPage(res: ServerResponse, status: number, reason: string): void {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in refused · StudyPulse</title></head>
<body><main><h1>You are not signed in</h1><p>${escapeHtml(reason)}</p>
<p><a href="/auth/login">Sign in again</a></p></main></body></html>`
  res.writeHead(status, {
    ...securityHeaders,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  })
  res.end(body)
}
