import { openApiDocument } from './openApiDocument.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/** `GET /api/openapi.json`: the API reference as an OpenAPI 3.1 document. */
export function openApiRoutes(): Route[] {
  const document = openApiDocument()
  return [
    {
      method: 'GET',
      pattern: '/api/openapi.json',
      handler: ({ res }) => sendJson(res, 200, document),
    },
  ]
}
