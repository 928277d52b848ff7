// Language options (sys_language_type) managed under /system/sysLanguage/type: the codes the console may switch to.
// The three built-in languages cannot be deleted; deleting another also deletes its server strings (cascade).
import { LANGUAGES } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { languageType } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok, page, paging } from '../http/reply.ts'
import { PageQuery } from '../http/schemas.ts'
import { LanguageCode, LanguageTypeFields } from './language-schemas.ts'

const CodeParam = Type.Object({ code: LanguageCode })
const EditLanguageType = Type.Composite([
  Type.Object({ code: LanguageCode }),
  Type.Partial(Type.Omit(LanguageTypeFields, ['code'])),
])
const access = (action: string) => ({ permission: `system:sysLanguage:${action}`, userTypes: [1] })

export function languageTypeRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get(
    '/system/sysLanguage/type/list',
    { config: access('list'), schema: { querystring: PageQuery } },
    async (request) => {
      const { limit, offset } = paging(request.query as Static<typeof PageQuery>)
      const rows = await db
        .select()
        .from(languageType)
        .orderBy(asc(languageType.sort), asc(languageType.code))
        .limit(limit)
        .offset(offset)
      const [totals] = await db.select({ total: count() }).from(languageType)
      return page(rows, Number(totals?.total ?? 0))
    },
  )

  app.get(
    '/system/sysLanguage/type/:code',
    { config: access('query'), schema: { params: CodeParam } },
    async (request) => {
      const { code } = request.params as Static<typeof CodeParam>
      const [row] = await db.select().from(languageType).where(eq(languageType.code, code))
      if (!row) throw notFound('entity.languageType')
      return ok(row)
    },
  )

  app.post(
    '/system/sysLanguage/type',
    { config: access('add'), schema: { body: LanguageTypeFields } },
    async (request) => {
      const body = request.body as Static<typeof LanguageTypeFields>
      const [row] = await db.insert(languageType).values(body).onConflictDoNothing().returning()
      if (!row) throw conflict('language.codeTaken', [body.code])
      return ok(row, 'common.addSuccess')
    },
  )

  app.put(
    '/system/sysLanguage/type',
    { config: access('edit'), schema: { body: EditLanguageType } },
    async (request) => {
      const { code, ...changes } = request.body as Static<typeof EditLanguageType>
      if (Object.keys(changes).length === 0) throw badRequest('validation.nothingToChange')
      const [row] = await db.update(languageType).set(changes).where(eq(languageType.code, code)).returning()
      if (!row) throw notFound('entity.languageType')
      return ok(row, 'common.editSuccess')
    },
  )

  app.delete(
    '/system/sysLanguage/type/:code',
    { config: access('remove'), schema: { params: CodeParam } },
    async (request) => {
      const { code } = request.params as Static<typeof CodeParam>
      if ((LANGUAGES as readonly string[]).includes(code)) throw badRequest('language.builtInDelete', [code])
      const deleted = await db.delete(languageType).where(eq(languageType.code, code)).returning()
      if (deleted.length === 0) throw notFound('entity.languageType')
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
