// Runs the bridge in the foreground: build the app, listen, print where it is, and shut down cleanly on SIGINT/SIGTERM.
import type { AddressInfo } from 'node:net'
import { type Language, translate } from '@pms/protocol'
import { buildBridgeApp } from './app.ts'
import type { BridgeConfig } from './config.ts'
import { BRIDGE_VERSION } from './version.ts'

export interface RunningBridge {
  url: string
  stop(): Promise<void>
}

function browserUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::'
  const name = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return `http://${name}:${port}`
}

function banner(lang: Language, config: BridgeConfig, url: string, demo: boolean, notices: string[]): string {
  const lines = [translate(lang, 'bridge.started', [BRIDGE_VERSION, url])]
  lines.push(
    config.upstream
      ? translate(lang, 'bridge.mode.proxy', [config.upstream])
      : translate(lang, 'bridge.mode.embedded', [config.dataDir]),
  )
  if (demo) {
    lines.push(translate(lang, 'bridge.demoAccounts'))
    for (const key of ['bridge.demo.admin', 'bridge.demo.manager', 'bridge.demo.clerk'])
      lines.push(`  ${translate(lang, key)}`)
  }
  lines.push(...notices)
  lines.push(translate(lang, 'bridge.stopHint'))
  return lines.join('\n')
}

/** Starts the bridge and installs the signal handlers; resolves once it listens. */
export async function runBridge(config: BridgeConfig, lang: Language): Promise<RunningBridge> {
  const app = await buildBridgeApp({ config })
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw error
  }
  const { port } = app.server.address() as AddressInfo
  const url = browserUrl(config.host, port)
  console.log(banner(lang, config, url, app.bridge.demo, app.bridge.notices))

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= app.close()
    return stopping
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now": leave without waiting for the clean shutdown.
      process.exit(130)
    }
    console.log(translate(lang, 'bridge.stopping'))
    app.log.info({ signal }, 'shutting down')
    stop().then(
      () => {
        console.log(translate(lang, 'bridge.stopped'))
        process.exit(0)
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return { url, stop }
}
