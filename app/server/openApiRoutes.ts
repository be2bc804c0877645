import type { ApiHosting } from './apiSecurity.ts'
import { openApiDocument } from './openApiDocument.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/**
 * `GET /api/openapi.json`: the API reference as an OpenAPI 3.1 document, of the server that
 * serves it (the single-user app's token, or a hosted app's origin and sign-in).
 */
export function openApiRoutes(hosting?: ApiHosting): Route[] {
  const document = openApiDocument(hosting)
  return [
    {
      method: 'GET',
      pattern: '/api/openapi.json',
      handler: ({ res }) => sendJson(res, 200, document),
    },
  ]
}
