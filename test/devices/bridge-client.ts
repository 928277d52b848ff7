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

/**
 * Puts simulated locks' clocks a minute past the host's. A stay checked in now starts this second, and so do the keys
 * issued for it; a lock's clock was set at its install to the whole second the bridge sent, and reads a second behind
 * the host for good when that command arrived in the next second (later still on a loaded machine), so a key shown to
 * it within a second of the check-in is refused as not yet valid. A guest takes longer to reach the door; a test does
 * not (CI failed so once: check-in, card and BLE key on 101 within a second, all refused).
 */
export async function lockClocksAhead(
  client: ReturnType<typeof bridgeClient>,
  roomNos: string[],
): Promise<void> {
  for (const roomNo of roomNos) {
    const time = Math.floor(Date.now() / 1000) + 60
    const res = await client.call('POST', `/bridge/sim/locks/${roomNo}/clock`, { time })
    if (res.code !== 200) throw new Error(`lock ${roomNo} clock: ${res.msg}`)
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
