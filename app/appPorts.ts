// One port per job. 4318 is OTLP over HTTP by OpenTelemetry's convention (4317 is OTLP/gRPC,
// which the app never speaks): the collector keeps 4318, and no app example is put on it.

/** The port `npm start` serves the app on when `PORT` is unset (node 1 of several). */
export const defaultAppPort = 4317

/** Where an OTLP/HTTP collector listens by convention: the traces' port, never the app's. */
export const otlpHttpPort = 4318

/** The OTLP endpoint the banners and messages suggest. */
export const suggestedOtlpEndpoint = `http://127.0.0.1:${otlpHttpPort}`

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::]'])

/**
 * Why the app's own port and the URL its traces go to are the same place on this computer (the
 * spans would be posted to the app itself, and lost), or undefined when they are not.
 */
export function portClash(appPort: number, tracesUrl: string | undefined): string | undefined {
  if (tracesUrl === undefined) return undefined
  let url: URL
  try {
    url = new URL(tracesUrl)
  } catch {
    return undefined
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  if (port !== appPort || !loopback.has(url.hostname)) return undefined
  return `PORT ${appPort} is also where the traces go (${tracesUrl}): serve the app on another port, or point OTEL_EXPORTER_OTLP_ENDPOINT at the collector (by convention ${suggestedOtlpEndpoint})`
}
