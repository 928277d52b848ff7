// Dictionaries (SPEC §3, §7): types and their data as CRUD resources, the enabled data of one type for any
// signed-in user, and the type options. `dictValue` is answered as stored; the console converts numeric strings.
import { Type } from '@sinclair/typebox'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { dictData, dictType } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { DictDataFields, DictTypeFields, DictTypeName } from './dict-schemas.ts'

const PLATFORM = [1]

async function assertTypeFree(db: Db, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: dictType.dictId })
    .from(dictType)
    .where(and(eq(dictType.dictType, name), exceptId ? ne(dictType.dictId, exceptId) : undefined))
  if (taken) throw conflict('dict.typeTaken', [name])
}

/** The type must exist, and a value appears once per type (the table's unique key, checked first for a clear message). */
async function checkData(db: Db, type: string, value: string, exceptCode?: number) {
  const [known] = await db.select({ id: dictType.dictId }).from(dictType).where(eq(dictType.dictType, type))
  if (!known) throw badRequest('dict.typeUnknown', [type])
  const [taken] = await db
    .select({ id: dictData.dictCode })
    .from(dictData)
    .where(
      and(
        eq(dictData.dictType, type),
        eq(dictData.dictValue, value),
        exceptCode ? ne(dictData.dictCode, exceptCode) : undefined,
      ),
    )
  if (taken) throw conflict('dict.valueTaken', [type, value])
}

export function dictRoutes(app: FastifyInstance, { db }: ServerContext) {
  // Static paths first in reading order; Fastify prefers them over `/:id` anyway.
  app.get('/system/dict/type/optionselect', async () =>
    ok(await db.select().from(dictType).orderBy(asc(dictType.dictId))),
  )

  app.get(
    '/system/dict/data/type/:type',
    { schema: { params: Type.Object({ type: DictTypeName }) } },
    async (request) => {
      const { type } = request.params as { type: string }
      const rows = await db
        .select()
        .from(dictData)
        .where(and(eq(dictData.dictType, type), eq(dictData.status, '0')))
        .orderBy(asc(dictData.dictSort), asc(dictData.dictCode))
      return ok(rows)
    },
  )

  defineCrud(app, db, {
    base: '/system/dict/type',
    table: dictType,
    id: { column: dictType.dictId, name: 'dictId' },
    entity: 'entity.dictType',
    permission: 'system:dict',
    userTypes: PLATFORM,
    fields: DictTypeFields,
    filters: {
      dictName: { column: dictType.dictName, match: 'like' },
      dictType: { column: dictType.dictType, match: 'like' },
      status: { column: dictType.status, match: 'eq' },
    },
    // Renaming a type carries its data along (ON UPDATE CASCADE); deleting it deletes its data (ON DELETE CASCADE).
    prepare: async (fields, { db, id }) => {
      if (typeof fields.dictType === 'string') await assertTypeFree(db, fields.dictType, id)
      return fields
    },
  })

  defineCrud(app, db, {
    base: '/system/dict/data',
    table: dictData,
    id: { column: dictData.dictCode, name: 'dictCode' },
    entity: 'entity.dictData',
    permission: 'system:dict',
    userTypes: PLATFORM,
    fields: DictDataFields,
    filters: {
      dictType: { column: dictData.dictType, match: 'eq' },
      dictLabel: { column: dictData.dictLabel, match: 'like' },
      status: { column: dictData.status, match: 'eq' },
    },
    orderBy: { column: dictData.dictSort },
    prepare: async (fields, { db, id }) => {
      if (fields.dictType === undefined && fields.dictValue === undefined) return fields
      let type = fields.dictType as string | undefined
      let value = fields.dictValue as string | undefined
      if (id && (type === undefined || value === undefined)) {
        const [current] = await db.select().from(dictData).where(eq(dictData.dictCode, id))
        if (!current) throw notFound('entity.dictData')
        type ??= current.dictType
        value ??= current.dictValue
      }
      await checkData(db, type!, value!, id)
      return fields
    },
  })
}
