// The bridge's configuration: command line over environment over `<data-dir>/bridge.json` over defaults, validated at boot.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Language, translate } from '@pms/protocol'
import { PORT_BAUD_RATES, PORT_ROLES, type PortSetting } from '@pms/protocol/api/bridge-devices'
import { isLocalCardPosPath } from '@pms/protocol/format/validators'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface BridgeConfig {
  /** TCP port of the console, the API and the /mqtt websocket. 0 picks a free port (tests). */
  port: number
  /** Address to bind; 127.0.0.1 keeps the bridge a localhost service. */
  host: string
  /** Absolute data folder: embedded database, lock file, bridge.json. */
  dataDir: string
  /** Absolute path of the config file that was (or would have been) read. */
  configFile: string
  /** Central pms-server base URL; when set, /prod-api is proxied there instead of running in-process. */
  upstream?: string
  /** Websocket URL of the broker the upstream uses (e.g. ws://central:9001); /mqtt is relayed there in proxy mode. */
  upstreamMqtt?: string
  /** Device simulators: true, false, or 'auto' (simulate when no hardware is found). */
  simulate: boolean | 'auto'
  /** Extra browser origins trusted to call the bridge, besides its own. */
  allowedOrigins: string[]
  logLevel: LogLevel
  /** Also serve plain MQTT over TCP on this port (off unless configured). */
  mqttPort?: number
  /** Seed the demo properties and accounts on first run of the embedded database. */
  demo: boolean
  /** Serial ports set by hand (the console's port settings): role and baud rate of each encoder and card reader. */
  devicePorts: PortSetting[]
}

/** What the command line may say; every value is still a string until validated. */
export interface BridgeArgs {
  port?: string
  host?: string
  dataDir?: string
  config?: string
  upstream?: string
  simulate?: boolean
}

export const DEFAULT_PORT = 4780

/** A configuration problem: names the field, says what it must be. Shown without a stack trace. */
export class ConfigError extends Error {
  constructor(
    readonly field: string,
    readonly reasonKey: string,
    readonly reasonParams: readonly unknown[] = [],
  ) {
    super(`${field} ${translate('en-US', reasonKey, reasonParams)}`)
    this.name = 'ConfigError'
  }

  describe(lang: Language): string {
    return translate(lang, 'bridge.config.invalid', [
      this.field,
      translate(lang, this.reasonKey, this.reasonParams),
    ])
  }
}

type FileSettings = Partial<Record<(typeof FILE_FIELDS)[number], unknown>>
const FILE_FIELDS = [
  'port',
  'host',
  'upstream',
  'upstreamMqtt',
  'simulate',
  'allowedOrigins',
  'logLevel',
  'mqttPort',
  'demo',
  'devicePorts',
] as const

export function loadBridgeConfig(
  args: BridgeArgs,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): BridgeConfig {
  const dataDir = resolve(
    cwd,
    requireText(
      firstOf(['--data-dir', args.dataDir], ['PMS_DATA_DIR', env.PMS_DATA_DIR]) ?? ['default', './data'],
    ),
  )
  const explicitFile = firstOf(['--config', args.config], ['PMS_CONFIG', env.PMS_CONFIG])
  const configFile = explicitFile ? resolve(cwd, requireText(explicitFile)) : join(dataDir, 'bridge.json')
  const file = readConfigFile(configFile, explicitFile !== undefined)
  const inFile = (field: (typeof FILE_FIELDS)[number]): Source => [`${configFile}: ${field}`, file[field]]

  const port = firstOf(['--port', args.port], ['PMS_PORT', env.PMS_PORT], inFile('port'))
  const host = firstOf(['--host', args.host], ['PMS_HOST', env.PMS_HOST], inFile('host'))
  const upstream = firstOf(
    ['--upstream', args.upstream],
    ['PMS_UPSTREAM', env.PMS_UPSTREAM],
    inFile('upstream'),
  )
  const upstreamMqtt = firstOf(inFile('upstreamMqtt'))
  const simulate = firstOf(['--simulate', args.simulate], inFile('simulate'))
  const allowedOrigins = firstOf(inFile('allowedOrigins'))
  const logLevel = firstOf(['PMS_LOG_LEVEL', env.PMS_LOG_LEVEL], inFile('logLevel'))
  const mqttPort = firstOf(inFile('mqttPort'))
  const demo = firstOf(inFile('demo'))
  const devicePorts = firstOf(inFile('devicePorts'))
  return {
    port: port ? parsePort(port) : DEFAULT_PORT,
    host: host ? requireText(host) : '127.0.0.1',
    dataDir,
    configFile,
    upstream: upstream ? parseUrl(upstream, 'http') : undefined,
    upstreamMqtt: upstreamMqtt ? parseUrl(upstreamMqtt, 'ws') : undefined,
    simulate: simulate ? parseBoolean(simulate) : 'auto',
    allowedOrigins: allowedOrigins ? parseOrigins(allowedOrigins) : [],
    logLevel: logLevel ? parseLogLevel(logLevel) : 'info',
    mqttPort: mqttPort ? parsePort(mqttPort) : undefined,
    demo: demo ? parseBoolean(demo) : true,
    devicePorts: devicePorts ? parseDevicePorts(devicePorts) : [],
  }
}

/** A value with the name of the place it came from, for the error message. */
type Source = [field: string, value: unknown]

/** The first source that says something (an empty environment variable says nothing). */
function firstOf(...sources: Source[]): Source | undefined {
  return sources.find(([, value]) => value !== undefined && value !== '')
}

function readConfigFile(path: string, required: boolean): FileSettings {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && !required) return {}
    throw new ConfigError('--config', 'bridge.config.unreadable', [path, code ?? String(error)])
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new ConfigError('--config', 'bridge.config.badJson', [path, (error as Error).message])
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError('--config', 'bridge.config.notObject', [path])
  for (const key of Object.keys(parsed)) {
    if (!(FILE_FIELDS as readonly string[]).includes(key))
      throw new ConfigError(`${path}: ${key}`, 'bridge.config.unknown', [FILE_FIELDS.join(', ')])
  }
  return parsed as FileSettings
}

function parsePort([field, value]: Source): number {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(field, 'bridge.config.port')
  return n
}

function requireText([field, value]: Source): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigError(field, 'bridge.config.string')
  return value.trim()
}

function parseBoolean([field, value]: Source): boolean {
  if (typeof value !== 'boolean') throw new ConfigError(field, 'bridge.config.boolean')
  return value
}

function parseUrl([field, value]: Source, kind: 'http' | 'ws'): string {
  const protocols = kind === 'http' ? ['http:', 'https:'] : ['ws:', 'wss:']
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || !protocols.includes(url.protocol))
    throw new ConfigError(field, kind === 'http' ? 'bridge.config.httpUrl' : 'bridge.config.wsUrl')
  // The upstream is a base: the bridge appends /prod-api itself.
  return kind === 'http' ? url.origin + url.pathname.replace(/\/+$/, '') : url.href
}

function parseOrigins([field, value]: Source): string[] {
  if (!Array.isArray(value)) throw new ConfigError(field, 'bridge.config.origin')
  return value.map((entry, i) => {
    try {
      if (typeof entry !== 'string') throw new Error('not text')
      const url = new URL(entry)
      if (url.origin === 'null' || url.origin !== entry.replace(/\/$/, '')) throw new Error('not an origin')
      return url.origin
    } catch {
      throw new ConfigError(`${field}[${i}]`, 'bridge.config.origin')
    }
  })
}

function parseLogLevel([field, value]: Source): LogLevel {
  if (typeof value !== 'string' || !(LOG_LEVELS as readonly string[]).includes(value))
    throw new ConfigError(field, 'bridge.config.logLevel', [LOG_LEVELS.join(', ')])
  return value as LogLevel
}

export function parseDevicePorts([field, value]: Source): PortSetting[] {
  if (!Array.isArray(value)) throw new ConfigError(field, 'bridge.config.devicePorts')
  const seen = new Set<string>()
  return value.map((entry, i) => {
    const at = `${field}[${i}]`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new ConfigError(at, 'bridge.config.devicePorts')
    const { path, role, baudRate, ...rest } = entry as Record<string, unknown>
    const extra = Object.keys(rest)[0]
    if (extra) throw new ConfigError(`${at}.${extra}`, 'bridge.config.unknown', ['path, role, baudRate'])
    if (typeof path !== 'string' || path.trim() === '' || path.length > 200)
      throw new ConfigError(`${at}.path`, 'bridge.config.string')
    if (!isLocalCardPosPath(path.trim())) throw new ConfigError(`${at}.path`, 'bridge.config.portPath')
    if (seen.has(path.trim())) throw new ConfigError(`${at}.path`, 'bridge.config.portTwice', [path])
    seen.add(path.trim())
    if (typeof role !== 'string' || !(PORT_ROLES as readonly string[]).includes(role))
      throw new ConfigError(`${at}.role`, 'bridge.config.portRole', [PORT_ROLES.join(', ')])
    if (typeof baudRate !== 'number' || !(PORT_BAUD_RATES as readonly number[]).includes(baudRate))
      throw new ConfigError(`${at}.baudRate`, 'bridge.config.baudRate', [PORT_BAUD_RATES.join(', ')])
    return { path: path.trim(), role: role as PortSetting['role'], baudRate }
  })
}

/**
 * Keeps the port settings in the configuration file: the file as it is now (an administrator may have edited it) with
 * only `devicePorts` replaced, written beside it and renamed over it, so a crash never leaves half a file.
 */
export function saveDevicePorts(configFile: string, ports: PortSetting[]): void {
  const current = readConfigFile(configFile, false)
  const next = { ...current, devicePorts: ports }
  const temporary = `${configFile}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, configFile)
}
