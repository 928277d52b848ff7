// A small client of the running bridge for device tests: JSON calls, sign-in, the /bridge/ws event log.
import type { BridgeEvent } from '@pms/protocol/api/bridge-devices'
import WebSocket from 'ws'

export interface Answer<T = any> {
  status: number
  code: number
  msg: string
  data: T
}

/** The session goes to the business API and to the bridge routes that ask it who the caller is (port settings). */
const withSession = (path: string) => path.startsWith('/prod-api') || path.startsWith('/bridge/ports')

export function bridgeClient(baseUrl: string, options: { language?: string } = {}) {
  let token: string | undefined
  async function call<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (options.language) headers['accept-language'] = options.language
    if (token && withSession(path)) headers.authorization = `Bearer ${token}`
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json()) as { code: number; msg: string; data: T }
    return { status: res.status, ...json }
  }
  return {
    call,
    async signIn(username: string, password = 'admin123') {
      const res = await call<{ access_token: string }>('POST', '/prod-api/auth/userPwdLogin', {
        username,
        password,
      })
      if (res.code !== 200) throw new Error(`sign-in ${username}: ${res.msg}`)
      token = res.data.access_token
    },
  }
}

/** Collects /bridge/ws messages; `next` waits for the first (new or already seen) message that matches. */
export async function bridgeEvents(baseUrl: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/bridge/ws`)
  const seen: BridgeEvent[] = []
  const waiters: { match: (e: BridgeEvent) => boolean; resolve: (e: BridgeEvent) => void }[] = []
  socket.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as BridgeEvent
    seen.push(event)
    for (const w of [...waiters])
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(event)
      }
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return {
    seen,
    /** Waits for a message after index `from` (default: any seen so far too). */
    next<E extends BridgeEvent>(
      match: (e: BridgeEvent) => boolean,
      from = 0,
      timeoutMs = 10_000,
    ): Promise<E> {
      const found = seen.slice(from).find(match)
      if (found) return Promise.resolve(found as E)
      return new Promise<E>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching /bridge/ws message')), timeoutMs)
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer)
            resolve(e as E)
          },
        })
      })
    },
    close: () => socket.close(),
  }
}
