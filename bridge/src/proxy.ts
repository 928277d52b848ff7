// Proxy mode: /prod-api goes to the central pms-server, /mqtt to its broker's websocket (a ws client per connection).
import type { FastifyInstance } from 'fastify'
import { WebSocket } from 'ws'

/** Forwards /prod-api/* to `${upstream}/prod-api/*`. The bridge has already vetted Host and Origin, so Origin is not passed on. */
export async function registerUpstreamApi(app: FastifyInstance, upstream: string): Promise<void> {
  // Loaded in proxy mode only: an embedded bridge never needs the proxy (nor undici under it).
  const { default: httpProxy } = await import('@fastify/http-proxy')
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

/**
 * The /mqtt route of a bridge whose broker is elsewhere: each websocket is relayed to the upstream broker's
 * websocket, frame for frame, keeping the MQTT subprotocol the client chose. The upstream does its own authentication.
 */
export function relayLiveChannel(app: FastifyInstance, upstreamMqtt: string): void {
  app.get('/mqtt', { websocket: true }, (downstream) => relayWebSocket(downstream, upstreamMqtt))
}

function relayWebSocket(downstream: WebSocket, upstreamMqtt: string): void {
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
  // Either side going away ends both; the app's close drops the downstream, and so the upstream.
  const closeBoth = () => {
    downstream.terminate()
    upstream.terminate()
  }
  upstream.on('close', closeBoth)
  upstream.on('error', closeBoth)
  downstream.on('close', closeBoth)
  downstream.on('error', closeBoth)
}
