import { z } from 'zod'
import {
  type ApiOperation,
  apiOperations,
  bodyRefusals,
  commonRefusals,
  type Refusal,
} from './apiOperations.ts'
import { type ApiHosting, type ApiSecurity, apiSecurity } from './apiSecurity.ts'
import { ErrorAnswer } from './responseSchemas.ts'

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = { openapi: '3.1.0' } & Record<string, unknown>

/** The schema a zod type stands for, in JSON Schema 2020-12 (what OpenAPI 3.1 uses). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest
}

/** `:runId` in a router pattern is `{runId}` in OpenAPI. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, '{$1}')
}

/** Every refusal an operation can give, its own and those of every request of its kind. */
export function refusalsOf(
  operation: ApiOperation,
  common: readonly Refusal[] = commonRefusals,
  body: readonly Refusal[] = bodyRefusals,
): Refusal[] {
  return [...common, ...(operation.body ? body : []), ...operation.refusals]
}

/**
 * The HTTP API as an OpenAPI 3.1 document, generated from the route table and the zod schemas
 * the server validates bodies with: paths, the token, bodies, answers and refusal codes.
 */
export function openApiDocument(hosting?: ApiHosting): OpenApiDocument {
  const security = apiSecurity(hosting)
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of apiOperations) {
    const path = openApiPath(operation.path)
    paths[path] ??= {}
    ;(paths[path] as Record<string, unknown>)[operation.method.toLowerCase()] = toOperation(
      operation,
      security,
    )
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'StudyPulse Agent app API', // 1.1: a person's message is `text` everywhere; `input` to start a run is deprecated.
      version: '1.1',
      description: security.description,
    },
    servers: security.servers,
    security: security.security,
    paths,
    components: {
      securitySchemes: security.schemes,
      schemas: { Error: jsonSchemaOf(ErrorAnswer, 'output') },
    },
  }
}

function toOperation(operation: ApiOperation, security: ApiSecurity): Record<string, unknown> {
  const parameters = [
    ...[...operation.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...(operation.query ?? []).map(({ name, description, required, schema }) => ({
      name,
      in: 'query',
      required: required === true,
      description,
      schema: schema ?? { type: 'string' },
    })),
  ]
  const answers = Object.entries(operation.answers).map(([status, answer]) => [
    status,
    {
      description: answer.description,
      content: answer.schema
        ? { 'application/json': { schema: jsonSchemaOf(answer.schema, 'output') } }
        : { 'text/event-stream': { schema: eventStreamSchema(operation.events ?? {}) } },
    },
  ])
  const refusals = new Map<number, Refusal[]>()
  for (const refusal of refusalsOf(operation, security.common, security.body)) {
    refusals.set(refusal.status, [...(refusals.get(refusal.status) ?? []), refusal])
  }
  const errors = [...refusals].map(([status, list]) => [
    String(status),
    {
      description: list.map((r) => `\`${r.code}\`: ${r.when}`).join('; '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  ])
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.stream && { security: security.streamSecurity }),
    ...(parameters.length > 0 && { parameters }),
    ...(operation.body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(operation.body, 'input') } },
      },
    }),
    responses: Object.fromEntries([...answers, ...errors]),
  }
}

// A stream's frames: `event:` names with what each `data:` line holds (JSON), for readers and
// generators that know the `text/event-stream` framing.
function eventStreamSchema(events: Record<string, string>): Record<string, unknown> {
  return {
    type: 'string',
    contentMediaType: 'text/event-stream',
    description: `Server-sent events, one frame per event: ${Object.entries(events)
      .map(([name, data]) => `\`${name}\` (${data})`)
      .join(', ')}.`,
    'x-sse-events': events,
  }
}
