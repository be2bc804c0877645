import type { ApiHosting } from './apiSecurity.ts'
import { openApiDocument } from './openApiDocument.ts'
import type { Route } from './router.ts'
import { sendJson } from './sendJson.ts'

/**
 * `GET /api/openapi.json`: the API reference as an OpenAPI 3.1 document, of the server that
 * serves it (the single-user app's token, or a hosted app's origin and sign-in).
 */
export function openApiRoutes(hosting?: ApiHosting): Route[] {
  // Made at the first request, then kept: turning every schema into JSON Schema was a sixth of a
  // server's start, paid by every server whether or not anyone reads its reference.
  let document: ReturnType<typeof openApiDocument> | undefined
  return [
    {
      method: 'GET',
      pattern: '/api/openapi.json',
      handler: ({ res }) => {
        document ??= openApiDocument(hosting)
        sendJson(res, 200, document)
      },
    },
  ]
}
