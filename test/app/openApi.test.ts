import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMarkdown } from '../../app/docs/apiMarkdown.ts'
import { apiOperations } from '../../app/server/apiOperations.ts'
import { defaultAppLimits } from '../../app/server/appLimits.ts'
import { appRoutes } from '../../app/server/createAppServer.ts'
import { jsonSchemaOf, openApiDocument, openApiPath } from '../../app/server/openApiDocument.ts'
import { oneWorkspace } from '../../app/server/PersonWorkspaces.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { type AppHarness, rawRequest, runToCard, startHarness } from './appHarness.ts'

// biome-ignore lint/suspicious/noExplicitAny: the document is read field by field
type Json = any

let h: AppHarness
let served: Json
beforeAll(async () => {
  h = await startHarness()
  served = (await get('/api/openapi.json')).json()
})
afterAll(() => h.dispose())

const get = (path: string) => rawRequest(h.server.port, { path, headers: h.pageHeaders() })
const post = (path: string, body: unknown) =>
  rawRequest(h.server.port, {
    method: 'POST',
    path,
    headers: h.pageHeaders(),
    body: JSON.stringify(body),
  })

const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema(served ?? openApiDocument(), 'api')
/** Checks `value` against a schema of the served document, e.g. the 200 answer of `get /api/runs`. */
function conforms(schema: Json, value: unknown): string[] {
  const validate = ajv.compile(schema.$ref ? { $ref: `api${schema.$ref}` } : schema)
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
const operation = (method: string, path: string): Json =>
  served.paths[openApiPath(path)]?.[method.toLowerCase()]
const answerSchema = (method: string, path: string, status: number): Json =>
  operation(method, path)?.responses[String(status)]?.content['application/json']?.schema

describe('the API reference (/api/openapi.json; the docs site renders it)', () => {
  it('is served at /api/openapi.json as generated, behind the token like every API route', async () => {
    expect(served).toEqual(openApiDocument())
    expect(served.openapi).toBe('3.1.0')
    const anonymous = await rawRequest(h.server.port, {
      path: '/api/openapi.json',
      headers: { host: `127.0.0.1:${h.server.port}` },
    })
    expect(anonymous.status).toBe(403)
    expect(anonymous.json().error?.code).toBe('invalid_token')
  })

  it('has every route the server has, and no other', () => {
    const context = {
      runtime: h.runtime,
      workspaces: oneWorkspace(h.runtime.workspace),
      hosted: false,
      limits: defaultAppLimits,
      streams: new Map(),
    }
    const routes = appRoutes(context).map(
      (r) => `${r.method.toLowerCase()} ${openApiPath(r.pattern)}`,
    )
    const documented = Object.entries(served.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((method) => `${method} ${path}`),
    )
    expect(documented.sort()).toEqual(routes.sort())
    expect(new Set(routes).size).toBe(routes.length)
  })

  it("the docs site's HTTP page has a section for every route, in the table's order", () => {
    const sections = [...apiMarkdown().matchAll(/^## (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`)
    expect(sections).toEqual(apiOperations.map((op) => `${op.method} ${op.path}`))
  })

  it('names the token header and each path parameter', () => {
    expect(served.components.securitySchemes.token).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-studypulse-token',
    })
    for (const op of apiOperations) {
      const params = (operation(op.method, op.path).parameters ?? []) as Json[]
      for (const [, name] of op.path.matchAll(/:(\w+)/g)) {
        expect(params, `${op.path} ${name}`).toContainEqual(
          expect.objectContaining({ name, in: 'path', required: true }),
        )
      }
    }
  })

  it('every schema in it compiles as JSON Schema 2020-12', () => {
    for (const op of apiOperations) {
      const doc = operation(op.method, op.path)
      const schemas = [
        doc.requestBody?.content['application/json'].schema,
        ...Object.values(doc.responses).map((r: Json) => r.content?.['application/json']?.schema),
      ].filter(Boolean)
      for (const schema of schemas) expect(() => conforms(schema, {})).not.toThrow()
    }
  })

  // For each body route: a body the document allows, and ones it does not. The server must agree:
  // what the document refuses gets 400 invalid_request, what it allows gets past validation.
  const samples: Record<string, { allowed: Json; refused: Json[] }> = {
    // Passkeys are off in the single-user app: a valid body is refused 404, not invalid_request.
    '/api/passkeys': {
      allowed: {
        response: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
          clientExtensionResults: {},
        },
      },
      refused: [{}, { response: { id: 'not base64url!' } }],
    },
    '/api/passkeys/revoke': {
      allowed: { credentialId: 'abc' },
      refused: [{}, { credentialId: '' }, { credentialId: 'abc', more: 1 }],
    },
    '/api/runs/:runId/signing': {
      allowed: { confirmationId: 'c', decision: 'allow' },
      refused: [{ confirmationId: 'c' }, { confirmationId: 'c', decision: 'maybe' }],
    },
    '/api/runs': {
      allowed: { text: 'hello' },
      refused: [
        {},
        { text: '' },
        { text: 'x', more: 1 },
        // One message, under one name: the deprecated `input` beside `text` is refused.
        { text: 'x', input: 'y' },
        { input: '' },
      ],
    },
    // Valid as a chat request, but the conversation does not exist: 404, not invalid_request.
    '/api/chat': {
      allowed: {
        id: 'no-such-chat',
        messages: [
          {
            id: 'a',
            role: 'assistant',
            parts: [
              {
                type: 'tool-create_task',
                toolCallId: 'c',
                state: 'approval-responded',
                input: {},
                approval: { id: 'x', approved: true },
              },
            ],
          },
        ],
      },
      refused: [
        { id: 'no such chat!', messages: [{ id: 'u', role: 'user', parts: [] }] },
        { id: 'c', messages: [] },
        { messages: [{ id: 'u', role: 'user', parts: [] }] },
        { id: 'c', messages: [{ id: 'u', role: 'robot', parts: [] }] },
      ],
    },
    '/api/runs/:runId/input': {
      allowed: { text: 'and then?' },
      refused: [{ text: 42 }, { text: 'x'.repeat(8001) }, { text: 'x', more: 1 }],
    },
    '/api/runs/:runId/cancel': { allowed: {}, refused: [{ reason: 1 }, { why: 'x' }] },
    '/api/runs/:runId/undo': {
      allowed: { changeId: 'change-1' },
      refused: [{}, { changeId: '../x' }, { changeId: 'c', more: 1 }],
    },
    '/api/runs/:runId/propose': {
      allowed: { tool: 'delete_task', args: { id: 't1' }, words: 'Delete the task “Essay”' },
      refused: [
        { tool: 'run_code', args: { code: '1' }, words: 'Run' },
        { tool: 'delete_task', args: { id: 't1' }, words: '' },
        { tool: 'delete_task', args: 'x', words: 'Delete' },
      ],
    },
    '/api/runs/:runId/confirmations': {
      allowed: { confirmationId: 'c-1', decision: 'allow', remember: 'session' },
      refused: [
        { confirmationId: 'c-1', decision: 'maybe' },
        { confirmationId: 'c-1', decision: 'deny', digest: 'ABC' },
        { confirmationId: 'c-1', decision: 'deny', remember: 'forever' },
        { decision: 'deny' },
      ],
    },
    '/api/runs/:runId/edit': {
      allowed: { confirmationId: 'c-1', arguments: { title: 'Read' } },
      refused: [{ confirmationId: 'c-1', arguments: 7 }, { confirmationId: 'c-1' }],
    },
    '/api/policies/:ruleId/revoke': { allowed: {}, refused: [{ ruleId: 'x' }] },
    '/api/workspace/tasks/:taskId/done': {
      allowed: { done: true, version: 'a'.repeat(64) },
      refused: [
        { done: 'yes', version: 'a'.repeat(64) },
        { done: true },
        { done: true, version: 'v1' },
      ],
    },
  }

  it('every request schema is the one the server validates with', async () => {
    const bodyRoutes = apiOperations.filter((op) => op.body !== undefined)
    expect(bodyRoutes.map((op) => op.path).sort()).toEqual(Object.keys(samples).sort())
    for (const op of bodyRoutes) {
      const schema = operation(op.method, op.path).requestBody.content['application/json'].schema
      expect(schema).toEqual(jsonSchemaOf(op.body as never, 'input'))
      const { allowed, refused } = samples[op.path] as { allowed: Json; refused: Json[] }
      const path = op.path
        .replace(':runId', 'no-such-run')
        .replace(':ruleId', 'no-such-rule')
        .replace(':taskId', 'no-such-task')
      expect(conforms(schema, allowed), `${op.path} allows ${JSON.stringify(allowed)}`).toEqual([])
      const answer = await post(path, allowed)
      expect(answer.json().error?.code, `${op.path} ${answer.body}`).not.toBe('invalid_request')
      for (const body of refused) {
        expect(
          conforms(schema, body).length,
          `${op.path} refuses ${JSON.stringify(body)}`,
        ).toBeGreaterThan(0)
        const refusal = await post(path, body)
        expect(
          [refusal.status, refusal.json().error?.code],
          `${op.path} ${JSON.stringify(body)}`,
        ).toEqual([400, 'invalid_request'])
      }
    }
  })

  it("a person's message is `text` on both routes; `input` to start a run still works, documented as deprecated", async () => {
    for (const path of ['/api/runs', '/api/runs/:runId/input']) {
      const schema = operation('POST', path).requestBody.content['application/json'].schema
      expect(conforms(schema, { text: 'hello' }), path).toEqual([])
    }
    const start = operation('POST', '/api/runs').requestBody.content['application/json'].schema
    const variants = (start.anyOf ?? start.oneOf) as Json[]
    const old = variants.find((v) => v.properties?.input !== undefined)
    expect(old?.properties.input.deprecated).toBe(true)
    expect(old?.properties.input.description).toMatch(/deprecated.*`text`/i)
    expect(variants.find((v) => v.properties?.text !== undefined)?.deprecated).toBeUndefined()

    const byText = await post('/api/runs', { text: 'what are my tasks?' })
    const byInput = await post('/api/runs', { input: 'what do I have to do?' })
    expect([byText.status, byInput.status]).toEqual([201, 201])
    // Each run began with the message as sent, under either name.
    const opening = (id: string) => h.runtime.view(id).messages.find((m) => m.role === 'user')
    expect(opening(byText.json().runId as string)?.content).toBe('what are my tasks?')
    expect(opening(byInput.json().runId as string)?.content).toBe('what do I have to do?')
  })

  it('the answers the server gives match the documented ones', async () => {
    // A route that needs query parameters is asked with the sample notebook's first source.
    const notebooks = (await get('/api/workspace/notebooks')).json() as {
      notebooks: { id: string; sources: string[] }[]
    }
    const notebook = notebooks.notebooks[0]
    const queries: Record<string, string> = {
      '/api/workspace/source': `?notebookId=${encodeURIComponent(notebook?.id ?? '')}&path=${encodeURIComponent(notebook?.sources[0] ?? '')}`,
    }
    // A route of one run is asked below, once there is a run.
    for (const op of apiOperations.filter(
      (o) => o.method === 'GET' && !o.stream && !o.path.includes(':'),
    )) {
      const answer = await get(`${op.path}${queries[op.path] ?? ''}`)
      expect(answer.status, op.path).toBe(200)
      expect(conforms(answerSchema('GET', op.path, 200), answer.json()), op.path).toEqual([])
    }
    const { runId, confirmationId } = await runToCard(h, 'add a task to read chapter 2')
    const runs = await get('/api/runs')
    expect(conforms(answerSchema('GET', '/api/runs', 200), runs.json())).toEqual([])
    const card = await get(`/api/runs/${runId}/card`)
    expect(card.status).toBe(200)
    expect(conforms(answerSchema('GET', '/api/runs/:runId/card', 200), card.json())).toEqual([])
    expect(card.json()).toMatchObject({ confirmationId, allow: { may: true }, deny: { may: true } })
    // The card's tool schema, as Edit asks for it: the form's fields, checked again on the server.
    const form = await get(`/api/runs/${runId}/card/form`)
    expect(form.status).toBe(200)
    expect(conforms(answerSchema('GET', '/api/runs/:runId/card/form', 200), form.json())).toEqual(
      [],
    )
    expect(form.json()).toMatchObject({
      confirmationId,
      schema: { properties: { title: { type: 'string' }, due: { format: 'date' } } },
    })
    const decided = await post(`/api/runs/${runId}/confirmations`, {
      confirmationId,
      decision: 'allow',
    })
    expect(decided.status).toBe(200)
    expect(
      conforms(answerSchema('POST', '/api/runs/:runId/confirmations', 200), decided.json()),
    ).toEqual([])
    await waitForRun(h.runtime, runId, 'awaitingInput')
    const tasks = await get('/api/workspace/tasks')
    expect(conforms(answerSchema('GET', '/api/workspace/tasks', 200), tasks.json())).toEqual([])
    const input = await post(`/api/runs/${runId}/input`, { text: 'thanks' })
    expect(
      conforms(answerSchema('POST', '/api/runs/:runId/input', input.status), input.json()),
    ).toEqual([])
    // A refusal has the documented status and the shared error shape.
    const missing = await post('/api/runs/no-such-run/cancel', {})
    expect(missing.status).toBe(404)
    expect(operation('POST', '/api/runs/:runId/cancel').responses['404']).toBeDefined()
    expect(conforms(answerSchema('POST', '/api/runs/:runId/cancel', 404), missing.json())).toEqual(
      [],
    )
    expect(missing.json().error?.code).toBe('run_not_found')
  })
})
