// System config (SPEC §3, §7): key-value records, read by key as RuoYi does (the value in `msg`), and a clearCache
// route kept for the console. Some keys are public so the login page and the privacy page can read them signed out.
import { hasPermission, isPublicConfigKey } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { config } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.ts'
import { ok, verbatim } from '../http/reply.ts'
import { readConfig } from './config-values.ts'

const ConfigKey = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' })
const ConfigFields = Type.Object({
  configName: Type.String({ minLength: 1, maxLength: 100 }),
  configKey: ConfigKey,
  configValue: Type.String({ maxLength: 5000 }),
  configType: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
})

/** The permission that reads a setting (defineCrud's GET by id below). */
const CONFIG_QUERY = 'system:config:query'

async function assertKeyFree(db: Db, key: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: config.configId })
    .from(config)
    .where(and(eq(config.configKey, key), exceptId ? ne(config.configId, exceptId) : undefined))
  if (taken) throw conflict('config.keyTaken', [key])
}

export function configRoutes(app: FastifyInstance, { db }: ServerContext) {
  /**
   * Answers `{code, msg: <value>, data: <value>}`. `msg` is the value itself (RuoYi's shape, which the console parses),
   * so the reply is `verbatim`: the translation hook leaves it alone. Public for the keys of isPublicConfigKey; any
   * other key is read only with the settings' own query permission (a mail password or an API key kept in the settings
   * is not for every signed-in user, and anyone may register an account).
   */
  app.get(
    '/system/config/configKey/:key',
    { config: { auth: 'public' }, schema: { params: Type.Object({ key: ConfigKey }) } },
    async (request) => {
      const { key } = request.params as { key: string }
      if (!isPublicConfigKey(key)) {
        if (!request.auth) throw unauthorized()
        if (!hasPermission(request.auth, [CONFIG_QUERY], () => {})) throw forbidden()
      }
      const value = await readConfig(db, key)
      if (value === undefined) throw notFound('entity.config')
      return verbatim(value, value)
    },
  )

  /**
   * Kept for the console's "refresh cache" button. This server has no config cache: every read goes to the database,
   * so any number of server instances stay consistent. There is nothing to clear; it answers success and says so.
   */
  app.delete(
    '/system/config/clearCache',
    { config: { permission: 'system:config:remove', userTypes: [1] } },
    async () => ok(undefined, 'config.noCache'),
  )

  defineCrud(app, db, {
    base: '/system/config',
    table: config,
    id: { column: config.configId, name: 'configId' },
    entity: 'entity.config',
    permission: 'system:config',
    userTypes: [1],
    fields: ConfigFields,
    filters: {
      configName: { column: config.configName, match: 'like' },
      configKey: { column: config.configKey, match: 'like' },
      configType: { column: config.configType, match: 'eq' },
    },
    prepare: async (fields, { db, id }) => {
      if (typeof fields.configKey !== 'string') return fields
      await assertKeyFree(db, fields.configKey, id)
      if (id) {
        // The server reads built-in keys by name (captcha switch, privacy texts): renaming one would lose it.
        const [current] = await db.select().from(config).where(eq(config.configId, id))
        if (current?.configType === 'Y' && current.configKey !== fields.configKey)
          throw badRequest('config.builtInKey', [current.configKey])
      }
      return fields
    },
    beforeDelete: async (ids, { db }) => {
      const [builtIn] = await db
        .select({ key: config.configKey })
        .from(config)
        .where(and(inArray(config.configId, ids), eq(config.configType, 'Y')))
      if (builtIn) throw badRequest('config.builtInDelete', [builtIn.key])
    },
  })
}
