import { describe, expect, it } from 'vitest'
import {
  defaultAppPort,
  otlpHttpPort,
  portClash,
  suggestedOtlpEndpoint,
} from '../../app/appPorts.ts'
import { openApiDocument } from '../../app/server/openApiDocument.ts'
import { tracingLine } from '../../app/startupBanner.ts'

describe('one port per job', () => {
  it('the app, the OTLP collector and the API document each name one port: the app 4317, traces 4318', () => {
    expect(defaultAppPort).toBe(4317)
    expect(otlpHttpPort).toBe(4318)
    expect(new Set([defaultAppPort, otlpHttpPort]).size).toBe(2)
    // The API document describes the app that `npm start` serves, on its default port.
    const servers = openApiDocument().servers as { variables: { port: { default: string } } }[]
    expect(servers[0]?.variables.port.default).toBe(String(defaultAppPort))
    expect(tracingLine(undefined)).toContain(`OTEL_EXPORTER_OTLP_ENDPOINT=${suggestedOtlpEndpoint}`)
  })

  it('refuses to serve the app on the port its own traces are sent to', () => {
    expect(portClash(4318, 'http://127.0.0.1:4318/v1/traces')).toMatch(
      /PORT 4318 is also where the traces go/,
    )
    expect(portClash(4318, 'http://localhost:4318/v1/traces')).toBeDefined()
    expect(portClash(80, 'http://localhost/v1/traces')).toBeDefined()
    // Another port, another machine, or no traces: no clash.
    expect(portClash(4317, 'http://127.0.0.1:4318/v1/traces')).toBeUndefined()
    expect(portClash(4318, 'http://collector.internal:4318/v1/traces')).toBeUndefined()
    expect(portClash(4318, undefined)).toBeUndefined()
  })
})
