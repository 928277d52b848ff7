// The bridge's event stream (/bridge/ws): one shared socket, reconnected with backoff, fanned out to subscribers.
import type { BridgeEvent } from '@pms/protocol/api/bridge-devices'
import { useEffect, useState } from 'react'

export type SocketState = 'connecting' | 'open' | 'closed'

const RETRY_MIN_MS = 1_000
const RETRY_MAX_MS = 15_000

type Listener = (event: BridgeEvent) => void
const listeners = new Set<Listener>()
const stateListeners = new Set<(s: SocketState) => void>()
let socket: WebSocket | null = null
let state: SocketState = 'closed'
let retryMs = RETRY_MIN_MS
let retryTimer: ReturnType<typeof setTimeout> | undefined

function setState(next: SocketState) {
  state = next
  for (const l of stateListeners) l(next)
}

function url(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${location.host}/bridge/ws`
}

function connect() {
  if (socket || listeners.size === 0) return
  setState('connecting')
  const ws = new WebSocket(url())
  socket = ws
  ws.onopen = () => {
    retryMs = RETRY_MIN_MS
    setState('open')
  }
  ws.onmessage = (message) => {
    let event: BridgeEvent
    try {
      event = JSON.parse(String(message.data)) as BridgeEvent
    } catch {
      return
    }
    for (const l of listeners) l(event)
  }
  ws.onclose = () => {
    socket = null
    setState('closed')
    if (listeners.size === 0) return
    retryTimer = setTimeout(connect, retryMs)
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
  }
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  connect()
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    clearTimeout(retryTimer)
    socket?.close()
    socket = null
  }
}

/** Calls `onEvent` for every bridge event while mounted; returns the socket's state. */
export function useBridgeEvents(onEvent: Listener): SocketState {
  const [current, setCurrent] = useState(state)
  useEffect(() => {
    stateListeners.add(setCurrent)
    return () => {
      stateListeners.delete(setCurrent)
    }
  }, [])
  useEffect(() => subscribe(onEvent), [onEvent])
  return current
}
