// Server configuration: read from the environment (or the hosting bridge), validated at boot with clear messages.
import { isAbsolute, resolve } from 'node:path'
import { type Static, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export const ServerConfigSchema = Type.Object({
  /** Folder of the embedded database (PGlite) and uploaded files. */
  dataDir: Type.String({ minLength: 1 }),
  /** PostgreSQL connection string; when absent the embedded PGlite database in `<dataDir>/db` is used. */
  databaseUrl: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /**
   * Connections the server keeps to PostgreSQL (DATABASE_POOL_SIZE). Unset: twice this machine's processors plus one,
   * at most 10 (db/client.ts, poolSizeFor) — the size PostgreSQL's own guidance gives for a database on this machine;
   * for a database on another, its processors × 2 + 1.
   */
  databasePoolSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** MQTT broker for live messages (mqtt://, mqtts://, ws://, wss://); the bridge supplies its embedded broker instead. */
  mqttUrl: Type.Optional(Type.String({ pattern: '^(mqtts?|wss?)://' })),
  /** Topic prefix of live messages (SPEC §7: "a fixed prefix"). */
  topicPrefix: Type.String({ minLength: 1, default: 'pms' }),
  /** Seed the demo properties and accounts on first start. */
  demo: Type.Boolean({ default: false }),
  /** Initial value of sys.account.captchaEnabled when the system config is first created. */
  captchaDefault: Type.Boolean({ default: true }),
  /** Password of the first platform administrator of a production server; generated and printed once when absent. */
  adminPassword: Type.Optional(Type.String({ minLength: 6, maxLength: 20 })),
  logLevel: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** Where to deliver email codes; without it codes are written to the email record table only. */
  smtpUrl: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  smtpFrom: Type.Optional(Type.String()),
  /**
   * Keep each session's user and permissions in memory between its requests (auth/session-cache.ts). On by default;
   * PMS_SESSION_CACHE=off reads them on every request (the benchmarks' baseline).
   */
  sessionCache: Type.Boolean({ default: true }),
  /**
   * Answer the room status chart again while the database's change log says nothing it shows changed since it was built
   * (room-stock/chart-cache.ts). On by default; PMS_ROOM_CHART_CACHE=off builds it on every request.
   */
  roomChartCache: Type.Boolean({ default: true }),
  /**
   * The proxies in front of a central server whose X-Forwarded-For is believed (TRUST_PROXY): addresses or CIDR ranges,
   * comma-separated (e.g. `10.0.0.0/8,127.0.0.1`), or a number of hops. Unset: no proxy is believed and the client's
   * address is the connection's, as login throttling needs unless a proxy sits in front.
   */
  trustProxy: Type.Union(
    [Type.Boolean(), Type.Integer({ minimum: 1 }), Type.Array(Type.String({ minLength: 1 }))],
    {
      default: false,
    },
  ),
})
export type ServerConfig = Static<typeof ServerConfigSchema>

export class ConfigError extends Error {}

/** TRUST_PROXY: a number of hops, or the addresses and ranges of the proxies believed; unset or empty: none. */
function proxies(value: string | undefined): boolean | number | string[] | undefined {
  const text = value?.trim()
  if (!text) return undefined
  // 'true' believes every proxy (only behind one that overwrites the header); 'false' none.
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true'
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** A whole number as a number; anything else as given, for the schema to refuse with the field named. */
function wholeNumber(value: string | undefined): number | string | undefined {
  const text = value?.trim()
  if (!text) return undefined
  return /^\d+$/.test(text) ? Number(text) : text
}

/** Reads PMS_* variables, merges overrides and defaults, and validates; throws ConfigError naming the bad field. */
export function loadServerConfig(
  env: NodeJS.ProcessEnv,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const bool = (v: string | undefined) =>
    v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())
  const fromEnv: Record<string, unknown> = {
    dataDir: env.PMS_DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: wholeNumber(env.DATABASE_POOL_SIZE),
    mqttUrl: env.MQTT_URL || undefined,
    topicPrefix: env.PMS_TOPIC_PREFIX || undefined,
    demo: bool(env.PMS_DEMO),
    captchaDefault: bool(env.PMS_CAPTCHA),
    adminPassword: env.PMS_ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || undefined,
    sessionCache: bool(env.PMS_SESSION_CACHE),
    roomChartCache: bool(env.PMS_ROOM_CHART_CACHE),
    trustProxy: proxies(env.TRUST_PROXY),
  }
  const merged: Record<string, unknown> = { ...fromEnv }
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) merged[k] = v
  for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k]
  const withDefaults = Value.Default(ServerConfigSchema, merged) as Record<string, unknown>
  const firstError = [...Value.Errors(ServerConfigSchema, withDefaults)][0]
  if (firstError) {
    const field = firstError.path.replace(/^\//, '') || '(root)'
    throw new ConfigError(
      `Invalid server configuration: ${field}: ${firstError.message} (got ${JSON.stringify(firstError.value)})`,
    )
  }
  const config = withDefaults as ServerConfig
  if (!isAbsolute(config.dataDir)) config.dataDir = resolve(config.dataDir)
  return config
}
