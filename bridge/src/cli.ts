// The pms-bridge command line: `start` (default), `service install|uninstall|status`, `devices`, --help, --version.
import { parseArgs } from 'node:util'
import { translate } from '@pms/protocol'
import { ConfigError as ServerConfigError } from '@pms/server/config'
import { type BridgeArgs, ConfigError, DEFAULT_PORT, loadBridgeConfig } from './config.ts'
import { terminalLanguage } from './language.ts'
import { DataFolderLockedError } from './lock.ts'
import { runBridge } from './run.ts'
import {
  installService,
  renderUnit,
  type ServiceOutcome,
  serviceStatus,
  uninstallService,
} from './service.ts'
import { BRIDGE_VERSION } from './version.ts'

const USAGE = `pms-bridge ${BRIDGE_VERSION}: the hotel PMS front-desk bridge (console, API, card devices)

Usage:
  pms-bridge [start] [options]         run in the foreground (Ctrl-C stops it cleanly)
  pms-bridge service install [options] install and start the systemd service (needs root; --print only prints the unit)
  pms-bridge service uninstall         stop and remove the systemd service
  pms-bridge service status            show the service's state
  pms-bridge devices                   list the device kinds this computer can use (or why not), HID devices and serial ports

Options:
  --port <n>          port to listen on (PMS_PORT, default ${DEFAULT_PORT})
  --host <address>    address to bind (PMS_HOST, default 127.0.0.1)
  --data-dir <path>   data folder: database, lock file, bridge.json (PMS_DATA_DIR, default ./data)
  --config <file>     config file (PMS_CONFIG, default <data-dir>/bridge.json)
  --upstream <url>    proxy /prod-api to this central pms-server instead of running the API here (PMS_UPSTREAM)
  --simulate          use the device simulators
  --no-simulate       use real devices only (default: simulate when no hardware is found)
  --print             with service install: print the unit file instead of installing it
  -h, --help          show this help
  -v, --version       show the version`

const EXIT_BAD_CONFIG = 2

const lang = terminalLanguage()

function fail(message: string, code: number): never {
  console.error(message)
  process.exit(code)
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        config: { type: 'string' },
        upstream: { type: 'string' },
        simulate: { type: 'boolean' },
        'no-simulate': { type: 'boolean' },
        print: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    })
  } catch (error) {
    return fail(translate(lang, 'bridge.cli.badOption', [(error as Error).message]), EXIT_BAD_CONFIG)
  }
}

function reportService(outcome: ServiceOutcome): never {
  if (outcome.output) (outcome.ok ? console.log : console.error)(outcome.output.trimEnd())
  if (outcome.messageKey)
    (outcome.ok ? console.log : console.error)(translate(lang, outcome.messageKey, ['pms-bridge']))
  process.exit(outcome.ok ? 0 : 1)
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv)
  if (values.help) return void console.log(USAGE)
  if (values.version) return void console.log(BRIDGE_VERSION)

  const args: BridgeArgs = {
    port: values.port,
    host: values.host,
    dataDir: values['data-dir'],
    config: values.config,
    upstream: values.upstream,
    simulate: values['no-simulate'] ? false : values.simulate,
  }
  const [command = 'start', action, ...extra] = positionals
  if (extra.length > 0) fail(translate(lang, 'bridge.cli.unknownCommand', [extra.join(' ')]), EXIT_BAD_CONFIG)

  if (command === 'service') {
    if (action === 'uninstall') reportService(uninstallService())
    if (action === 'status') reportService(serviceStatus())
    if (action !== 'install')
      fail(translate(lang, 'bridge.cli.unknownCommand', [`service ${action ?? ''}`]), 2)
    const config = loadBridgeConfig(args)
    const unit = { config, explicitConfig: args.config !== undefined, user: process.env.SUDO_USER }
    if (values.print) return void process.stdout.write(renderUnit(unit))
    reportService(installService(unit))
  }
  if (command === 'devices' && action === undefined) {
    const { probeDevices, renderProbe } = await import('./devices/probe.ts')
    console.log(renderProbe(lang, await probeDevices()))
    // noble keeps its adapter polled once opened; this command is done, so it leaves without waiting for it.
    process.exit(0)
  }
  if (command !== 'start' || action !== undefined)
    fail(translate(lang, 'bridge.cli.unknownCommand', [positionals.join(' ')]), EXIT_BAD_CONFIG)

  await runBridge(loadBridgeConfig(args), lang)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.describe(lang), EXIT_BAD_CONFIG)
  if (error instanceof ServerConfigError) fail(error.message, EXIT_BAD_CONFIG)
  if (error instanceof DataFolderLockedError)
    fail(translate(lang, 'bridge.lockHeld', [error.pid, error.dataDir]), 1)
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    const port = (error as { port?: number }).port
    fail(translate(lang, 'bridge.startFailed', [translate(lang, 'bridge.portInUse', [port ?? ''])]), 1)
  }
  // Unexpected: say what it was; the stack only when someone is debugging.
  const detail = process.env.PMS_DEBUG ? (error as Error).stack : (error as Error).message
  fail(translate(lang, 'bridge.startFailed', [detail ?? String(error)]), 1)
})
