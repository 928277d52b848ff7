// Refuses requests that do not come from this computer's own pages: a foreign Host (DNS rebinding) or a foreign Origin (cross-site).
import type { IncomingHttpHeaders } from 'node:http'
import { isIP } from 'node:net'

export interface SourcePolicy {
  /** The port the bridge is reachable on (known only after listen when configured as 0). */
  port(): number
  /** The configured bind address; a specific IP is also accepted as a Host name. */
  bindHost: string
  /** Extra trusted origins from bridge.json. */
  allowedOrigins: readonly string[]
}

export type Refusal = { key: 'bridge.hostRefused' | 'bridge.originRefused'; value: string }

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']
const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/

/** The host names a request may address: loopback, plus the bind address when it is one specific IP. */
function acceptedNames(bindHost: string): string[] {
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::' || bindHost === 'localhost'
  if (wildcard || !isIP(bindHost)) return LOOPBACK_NAMES
  const name = isIP(bindHost) === 6 ? `[${bindHost.toLowerCase()}]` : bindHost
  return LOOPBACK_NAMES.includes(name) ? LOOPBACK_NAMES : [...LOOPBACK_NAMES, name]
}

function hostAccepted(host: string, policy: SourcePolicy): boolean {
  const match = HOST_PATTERN.exec(host)
  if (!match) return false
  const port = match[1] === undefined ? 80 : Number(match[1])
  const name = match[1] === undefined ? host : host.slice(0, host.length - match[1].length - 1)
  return port === policy.port() && acceptedNames(policy.bindHost).includes(name)
}

function ownOrigins(policy: SourcePolicy): string[] {
  const port = policy.port()
  return acceptedNames(policy.bindHost).map((name) =>
    port === 80 ? `http://${name}` : `http://${name}:${port}`,
  )
}

/** Null when the request may proceed; otherwise which header was refused and its value. */
export function checkRequestSource(headers: IncomingHttpHeaders, policy: SourcePolicy): Refusal | null {
  const host = (headers.host ?? '').trim().toLowerCase()
  if (!hostAccepted(host, policy)) return { key: 'bridge.hostRefused', value: host || '(none)' }
  const origin = headers.origin?.trim().toLowerCase()
  if (origin === undefined) return null
  if (ownOrigins(policy).includes(origin) || policy.allowedOrigins.includes(origin)) return null
  return { key: 'bridge.originRefused', value: origin }
}
