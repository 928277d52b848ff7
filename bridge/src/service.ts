// `pms-bridge service install|uninstall|status`: runs the bridge as a systemd service on this checkout.
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BridgeConfig } from './config.ts'

export const SERVICE_NAME = 'pms-bridge'
export const UNIT_PATH = `/etc/systemd/system/${SERVICE_NAME}.service`

/** The checkout this CLI belongs to, and its launcher. */
const CHECKOUT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '')
const LAUNCHER = fileURLToPath(new URL('../bin/pms-bridge.mjs', import.meta.url))

export interface UnitOptions {
  config: BridgeConfig
  /** Pass --config only when the user named a file; otherwise the unit reads <data-dir>/bridge.json like any start. */
  explicitConfig: boolean
  /** Account the service runs as; the one that ran sudo, when known. */
  user?: string
  nodePath?: string
}

/** systemd quotes: wrap in double quotes when needed, escaping backslash, quote and %. */
function quote(arg: string): string {
  const escaped = arg.replace(/%/g, '%%')
  return /^[\w@%+=:,./-]+$/.test(arg) ? escaped : `"${escaped.replace(/(["\\])/g, '\\$1')}"`
}

export function renderUnit(options: UnitOptions): string {
  const { config } = options
  const args = [
    options.nodePath ?? process.execPath,
    LAUNCHER,
    'start',
    '--host',
    config.host,
    '--port',
    String(config.port),
    '--data-dir',
    config.dataDir,
  ]
  if (options.explicitConfig) args.push('--config', config.configFile)
  if (config.upstream) args.push('--upstream', config.upstream)
  if (config.simulate !== 'auto') args.push(config.simulate ? '--simulate' : '--no-simulate')
  const lines = [
    '[Unit]',
    'Description=pms-bridge: hotel PMS console, API and card devices',
    'After=network-online.target',
    'Wants=network-online.target',
    '',
    '[Service]',
    'Type=simple',
    `WorkingDirectory=${quote(CHECKOUT)}`,
    `ExecStart=${args.map(quote).join(' ')}`,
    'Environment=NODE_ENV=production',
    ...(options.user && options.user !== 'root' ? [`User=${options.user}`] : []),
    'Restart=on-failure',
    'RestartSec=5',
    // The bridge closes the database and the broker on SIGTERM; give it time before SIGKILL.
    'TimeoutStopSec=30',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    '',
  ]
  return lines.join('\n')
}

/** What happened, as a language-pack key and/or systemctl's own output. */
export interface ServiceOutcome {
  ok: boolean
  messageKey?: string
  output?: string
}

function systemctl(...args: string[]) {
  return spawnSync('systemctl', args, { encoding: 'utf8' })
}

function hasSystemd(): boolean {
  return !systemctl('--version').error
}

export function installService(options: UnitOptions): ServiceOutcome {
  if (process.getuid?.() !== 0) return { ok: false, messageKey: 'bridge.service.needsRoot' }
  if (!hasSystemd()) return { ok: false, messageKey: 'bridge.service.noSystemd' }
  writeFileSync(UNIT_PATH, renderUnit(options), { mode: 0o644 })
  for (const step of [['daemon-reload'], ['enable', '--now', SERVICE_NAME]]) {
    const result = systemctl(...step)
    if (result.status !== 0)
      return { ok: false, output: `systemctl ${step.join(' ')}: ${result.stdout}${result.stderr}` }
  }
  return { ok: true, messageKey: 'bridge.service.installed' }
}

export function uninstallService(): ServiceOutcome {
  if (process.getuid?.() !== 0) return { ok: false, messageKey: 'bridge.service.needsRoot' }
  if (!existsSync(UNIT_PATH)) return { ok: false, messageKey: 'bridge.service.notInstalled' }
  if (!hasSystemd()) return { ok: false, messageKey: 'bridge.service.noSystemd' }
  systemctl('disable', '--now', SERVICE_NAME)
  rmSync(UNIT_PATH)
  systemctl('daemon-reload')
  return { ok: true, messageKey: 'bridge.service.uninstalled' }
}

export function serviceStatus(): ServiceOutcome {
  if (!hasSystemd()) return { ok: false, messageKey: 'bridge.service.noSystemd' }
  if (!existsSync(UNIT_PATH)) return { ok: false, messageKey: 'bridge.service.notInstalled' }
  const result = systemctl('status', SERVICE_NAME, '--no-pager')
  // systemctl status exits 3 for a stopped service: that is an answer, not a failure.
  return { ok: result.status === 0 || result.status === 3, output: `${result.stdout}${result.stderr}` }
}
