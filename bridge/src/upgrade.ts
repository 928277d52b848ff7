// Websocket upgrades on the bridge's HTTP server: the same Host/Origin guard as HTTP, then dispatch by path (/mqtt, /bridge/ws).
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { translate } from '@pms/protocol'
import { checkRequestSource, type SourcePolicy } from './guard.ts'
import { requestLanguage } from './language.ts'

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void

/** Paths that accept a websocket. Plugins add theirs before the server listens. */
export class UpgradeRoutes {
  private readonly handlers = new Map<string, UpgradeHandler>()
  private readonly sockets = new Set<Duplex>()

  add(path: string, handler: UpgradeHandler): void {
    if (this.handlers.has(path)) throw new Error(`a websocket handler for ${path} is already registered`)
    this.handlers.set(path, handler)
  }

  /** Listens for upgrades on the HTTP server; refused and unknown requests get an HTTP answer and are closed. */
  attach(server: Server, policy: SourcePolicy): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy())
      const refusal = checkRequestSource(request.headers, policy)
      if (refusal) {
        const msg = translate(requestLanguage(request.headers), refusal.key, [refusal.value])
        return refuse(socket, 403, 'Forbidden', msg)
      }
      const path = (request.url ?? '/').split('?')[0] ?? '/'
      const handler = this.handlers.get(path)
      if (!handler)
        return refuse(socket, 404, 'Not Found', translate(requestLanguage(request.headers), 'error.404'))
      this.sockets.add(socket)
      socket.once('close', () => this.sockets.delete(socket))
      handler(request, socket, head)
    })
  }

  /** Drops every upgraded connection still open, so the HTTP server can close. */
  destroyAll(): void {
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
  }
}

function refuse(socket: Duplex, status: number, reason: string, msg: string): void {
  const body = JSON.stringify({ code: status, msg })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
