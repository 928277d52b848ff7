// Proxy mode: /prod-api goes to the central pms-server, /mqtt to its broker's websocket.
import httpProxy from '@fastify/http-proxy'
import type { FastifyInstance } from 'fastify'
import { WebSocket, WebSocketServer } from 'ws'
import type { UpgradeHandler } from './upgrade.ts'

/** Forwards /prod-api/* to `${upstream}/prod-api/*`. The bridge has already vetted Host and Origin, so Origin is not passed on. */
export async function registerUpstreamApi(app: FastifyInstance, upstream: string): Promise<void> {
  await app.register(httpProxy, {
    upstream,
    prefix: '/prod-api',
    rewritePrefix: '/prod-api',
    http2: false,
    replyOptions: {
      rewriteRequestHeaders: (_request, headers) => {
        const { origin: _origin, ...rest } = headers
        return rest
      },
    },
  })
}

/** Relays each /mqtt websocket to the upstream broker's websocket, frame for frame, keeping the MQTT subprotocol. */
export function relayWebSocket(upstreamMqtt: string): UpgradeHandler & { close(): void } {
  const websockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => ['mqtt', 'mqttv3.1'].find((p) => protocols.has(p)) ?? false,
  })
  const relay = (
    request: Parameters<UpgradeHandler>[0],
    socket: Parameters<UpgradeHandler>[1],
    head: Buffer,
  ) => {
    websockets.handleUpgrade(request, socket, head, (downstream) => {
      const upstream = new WebSocket(upstreamMqtt, downstream.protocol ? [downstream.protocol] : [])
      const pending: { data: Buffer; binary: boolean }[] = []
      downstream.on('message', (data: Buffer, binary) => {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary })
        else pending.push({ data, binary })
      })
      upstream.on('open', () => {
        for (const frame of pending.splice(0)) upstream.send(frame.data, { binary: frame.binary })
      })
      upstream.on('message', (data: Buffer, binary) => downstream.send(data, { binary }))
      const closeBoth = () => {
        downstream.terminate()
        upstream.terminate()
      }
      upstream.on('close', closeBoth)
      upstream.on('error', closeBoth)
      downstream.on('close', closeBoth)
      downstream.on('error', closeBoth)
    })
  }
  return Object.assign(relay, {
    close() {
      for (const ws of websockets.clients) ws.terminate()
      websockets.close()
    },
  })
}
