import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiOperations } from '../../../app/server/apiOperations.ts'
import { type AppHarness, type RawResponse, rawRequest, startHarness } from '../appHarness.ts'
import { type IssuerKey, issuerKey, type JwksServer, serveJwks, signToken } from './jwksServer.ts'

// The reference a hosted server serves, checked against what that server does.
const issuer = 'https://login.example.edu/realms/study'
const publicHost = 'study.example.edu'
const origin = `https://${publicHost}`

type Operation = {
  parameters?: { name: string; in: string; required: boolean }[]
  responses: Record<string, { description: string; content?: Record<string, unknown> }>
  security?: Record<string, string[]>[]
}
type Doc = {
  info: { description: string }
  servers: { url: string }[]
  security: Record<string, string[]>[]
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> }
}

let jwks: JwksServer
let key: IssuerKey
let h: AppHarness
let doc: Doc
let token: string

beforeAll(async () => {
  key = await issuerKey('k1')
  jwks = await serveJwks([key])
  h = await startHarness({
    hosted: {
      publicOrigin: origin,
      auth: { kind: 'oidc', issuer, audience: 'studypulse', jwksUrl: jwks.url },
      signIn: { clientId: 'studypulse' },
    },
  })
  const now = Math.floor(Date.now() / 1000)
  token = await signToken(key, { iss: issuer, aud: 'studypulse', sub: 'alice', exp: now + 600 })
  doc = (await ask('GET', '/api/openapi.json')).json() as unknown as Doc
})
afterAll(async () => {
  await h?.dispose()
  await jwks?.close()
})

function ask(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return rawRequest(h.server.port, {
    method,
    path,
    headers: {
      host: publicHost,
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json', origin }),
      ...headers,
    },
    ...(body !== undefined && { body }),
  })
}
const opOf = (method: string, pattern: string) =>
  doc.paths[pattern.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] as Operation
// The answer's status and code are the ones the document lists for the operation.
function documented(op: Operation, answer: RawResponse): string[] {
  const listed = op.responses[String(answer.status)]
  if (listed === undefined) return [`status ${answer.status} is not documented`]
  const code = answer.status >= 400 ? (answer.json().error?.code ?? '') : ''
  return code === '' || listed.description.includes(`\`${code}\``)
    ? []
    : [`${answer.status} ${code} is not among: ${listed.description}`]
}

describe('the OpenAPI document of a hosted server is true for it', () => {
  test('its servers and security are the hosted ones, not the launch token on 127.0.0.1', () => {
    expect(doc.servers).toEqual([{ url: origin }])
    expect(doc.info.description).not.toMatch(/127\.0\.0\.1 only|per-launch token/)
    const schemes = doc.components.securitySchemes
    expect(schemes.bearer).toMatchObject({ type: 'http' })
    expect(schemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-studypulse-session',
    })
    expect(schemes.token).toBeUndefined()
    expect(doc.security).toEqual([{ bearer: [] }, { session: [], csrf: [] }])
  })

  test('every route it lists is served, and every route served is listed', async () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    )
    expect(listed.sort()).toEqual(
      apiOperations
        .map((o) => `${o.method.toLowerCase()} ${o.path.replace(/:(\w+)/g, '{$1}')}`)
        .sort(),
    )
    for (const op of apiOperations) {
      const path = op.path.replace(/:(\w+)/g, 'x')
      const answer =
        op.method === 'GET' && !op.stream
          ? await ask('GET', path)
          : op.method === 'POST'
            ? await ask('POST', path, {}, '{}')
            : undefined
      if (answer === undefined) continue
      // Refused perhaps, but by the route: never the router's "no API here".
      expect(answer.json().error?.code, `${op.method} ${op.path}`).not.toBe('not_found')
      expect(documented(opOf(op.method, op.path), answer), `${op.method} ${op.path}`).toEqual([])
    }
  })

  test('a parameter it marks required is refused when missing or empty; one it does not, is not', async () => {
    for (const op of apiOperations.filter((o) => o.method === 'GET' && o.query && !o.stream)) {
      const params = opOf('GET', op.path).parameters?.filter((p) => p.in === 'query') ?? []
      const missing = await ask('GET', op.path)
      const required = params.filter((p) => p.required)
      expect(missing.status === 400, `${op.path} without parameters`).toBe(required.length > 0)
      expect(documented(opOf('GET', op.path), missing)).toEqual([])
      for (const p of params) {
        const empty = await ask('GET', `${op.path}?${p.name}=`)
        expect(empty.status, `${op.path}?${p.name}=`).toBe(400)
        expect(documented(opOf('GET', op.path), empty)).toEqual([])
      }
    }
  })

  test('every refusal the server gives here is one it documents', async () => {
    const source = opOf('GET', '/api/workspace/source')
    const unknownNotebook = await ask('GET', '/api/workspace/source?notebookId=nope&path=a.md')
    // A notebook that does not exist has no sources to allow: the reader's refusal, documented.
    expect(unknownNotebook.status).toBe(403)
    expect(unknownNotebook.json().error?.code).toBe('source_not_allowed')
    expect(documented(source, unknownNotebook)).toEqual([])
    const me = opOf('GET', '/api/me')
    const anonymous = await ask('GET', '/api/me', { authorization: '' })
    expect(anonymous.status).toBe(401)
    expect(documented(me, anonymous)).toEqual([])
    const wrongHost = await ask('GET', '/api/me', { host: 'evil.example' })
    expect(documented(me, wrongHost)).toEqual([])
    const start = opOf('POST', '/api/runs')
    const crossSite = await ask(
      'POST',
      '/api/runs',
      { origin: 'https://evil.example' },
      '{"input":"hi"}',
    )
    expect(documented(start, crossSite)).toEqual([])
    const unknown = await ask('POST', '/api/runs', {}, '{"input":"hi","notebookId":"nope"}')
    expect(unknown.status).toBe(400)
    expect(documented(start, unknown)).toEqual([])
    const cookie = await ask(
      'POST',
      '/api/runs',
      { authorization: '', cookie: '__Host-studypulse-session=gone' },
      '{"input":"hi"}',
    )
    expect(cookie.status).toBe(401)
    expect(documented(start, cookie)).toEqual([])
  })

  test('the event streams are text/event-stream in the document and on the wire', async () => {
    for (const op of apiOperations.filter((o) => o.stream)) {
      const content = opOf('GET', op.path).responses['200']?.content ?? {}
      expect(Object.keys(content)).toEqual(['text/event-stream'])
    }
    const started = await ask('POST', '/api/runs', {}, '{"input":"what are my tasks?"}')
    const runId = started.json().runId as string
    const stream = await new Promise<string | undefined>((resolve, reject) => {
      const req = (async () => {
        const { request } = await import('node:http')
        const r = request(
          {
            host: '127.0.0.1',
            port: h.server.port,
            path: `/api/runs/${runId}/events`,
            headers: { host: publicHost, authorization: `Bearer ${token}` },
          },
          (res) => {
            resolve(res.headers['content-type'])
            res.destroy()
          },
        )
        r.on('error', () => undefined)
        r.end()
      })()
      req.catch(reject)
    })
    expect(stream).toMatch(/^text\/event-stream/)
  })
})
