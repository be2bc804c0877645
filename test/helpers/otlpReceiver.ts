import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

/** A span as an OTLP/HTTP JSON export carried it, decoded. */
export interface ReceivedSpan {
  traceId: string
  spanId: string
  /** Absent on a root span. */
  parentSpanId?: string
  name: string
  kind: number
  startMs: number
  endMs: number
  attributes: Record<string, string | number | boolean>
  status: { code: number; message?: string }
  /** The resource's attributes of the export that carried it (`service.name`, …). */
  resource: Record<string, string | number | boolean>
  /** Which export request (0, 1, …) carried it. */
  request: number
}

/** A loopback OTLP/HTTP trace receiver: what a collector is to the app, for a test. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`, for `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string
  /** Every span received so far, in the order they arrived. */
  spans(): ReceivedSpan[]
  /** The paths and content types of the requests received. */
  requests(): Array<{ path: string; contentType: string }>
  close(): Promise<void>
}

type OtlpValue = {
  stringValue?: string
  intValue?: number | string
  doubleValue?: number
  boolValue?: boolean
}
type OtlpAttribute = { key: string; value: OtlpValue }
type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  startTimeUnixNano: string | number
  endTimeUnixNano: string | number
  attributes?: OtlpAttribute[]
  status?: { code?: number; message?: string }
}
type OtlpExport = {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] }
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>
  }>
}

/** Starts a receiver on 127.0.0.1 that decodes the JSON the OTLP/HTTP exporter sends to `/v1/traces`. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = []
  const requests: Array<{ path: string; contentType: string }> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const contentType = req.headers['content-type'] ?? ''
      requests.push({ path: req.url ?? '', contentType })
      if (req.method !== 'POST' || req.url !== '/v1/traces' || contentType !== 'application/json') {
        res.writeHead(415).end()
        return
      }
      const raw = Buffer.concat(chunks)
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
      const request = requests.length - 1
      for (const resourceSpans of (JSON.parse(body.toString('utf8')) as OtlpExport).resourceSpans ??
        []) {
        const resource = attributesOf(resourceSpans.resource?.attributes)
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) received.push(decode(span, resource, request))
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    requests: () => [...requests],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function decode(span: OtlpSpan, resource: ReceivedSpan['resource'], request: number): ReceivedSpan {
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    ...(span.parentSpanId !== undefined &&
      span.parentSpanId !== '' && {
        parentSpanId: span.parentSpanId,
      }),
    name: span.name,
    kind: span.kind,
    startMs: nanosToMs(span.startTimeUnixNano),
    endMs: nanosToMs(span.endTimeUnixNano),
    attributes: attributesOf(span.attributes),
    status: {
      code: span.status?.code ?? 0,
      ...(span.status?.message !== undefined && { message: span.status.message }),
    },
    resource,
    request,
  }
}

function attributesOf(attributes: OtlpAttribute[] | undefined): ReceivedSpan['attributes'] {
  const out: ReceivedSpan['attributes'] = {}
  for (const { key, value } of attributes ?? []) {
    if (value.stringValue !== undefined) out[key] = value.stringValue
    else if (value.intValue !== undefined) out[key] = Number(value.intValue)
    else if (value.doubleValue !== undefined) out[key] = value.doubleValue
    else if (value.boolValue !== undefined) out[key] = value.boolValue
  }
  return out
}

function nanosToMs(nanos: string | number): number {
  return Number(BigInt(nanos) / 1_000_000n)
}
