// The code generation config (issue 17, /gen/edit/:tableId), platform developers only: import tables of this
// database, set per table and column what the generated resource does, preview and download the two files.
// It reads the catalog and writes only gen_table and gen_table_column; it never writes source or changes the system.
import { UserType } from '@pms/protocol'
import {
  type DbTable,
  GEN_INPUT_KINDS,
  GEN_QUERY_TYPES,
  type GenFileKind,
  GenPermission,
  type GenPreview,
  type GenTableDetail,
  genKindsFor,
} from '@pms/protocol/api/gen'
import { type Static, Type } from '@sinclair/typebox'
import { asc, count, eq, ilike, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { genTable, genTableColumn } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok, page, paging } from '../http/reply.ts'
import { Id, IdsParam, PageQuery, parseIds, Text } from '../http/schemas.ts'
import { type DbColumn, dbColumns, findDbTable, listDbTables } from './catalog.ts'
import { declaredTable, importedColumn, importedTable } from './columns.ts'
import { renderServer } from './render-server.ts'
import { renderWeb } from './render-web.ts'
import { isReserved } from './shape.ts'

const TableName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_$]*$', maxLength: 63 })
const Identifier = (maxLength: number) => Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', maxLength })
const ListQuery = Type.Composite([
  PageQuery,
  Type.Object({ tableName: Type.Optional(Text({ maxLength: 100 })) }),
])
const ImportBody = Type.Object({
  tables: Type.Array(TableName, { minItems: 1, maxItems: 50, uniqueItems: true }),
})
const TableIdParam = Type.Object({ tableId: Id() })
const ColumnEdit = Type.Object({
  columnId: Id(),
  columnComment: Type.Optional(Text({ maxLength: 500 })),
  fieldName: Type.String({ pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$', maxLength: 200 }),
  isRequired: Type.Boolean(),
  isList: Type.Boolean(),
  isQuery: Type.Boolean(),
  queryType: Type.Union(GEN_QUERY_TYPES.map((q) => Type.Literal(q))),
  isForm: Type.Boolean(),
  inputKind: Type.Union(GEN_INPUT_KINDS.map((k) => Type.Literal(k))),
})
const EditBody = Type.Object({
  tableId: Id(),
  tableComment: Type.Optional(Text({ maxLength: 500 })),
  businessName: Identifier(100),
  functionName: Text({ maxLength: 100 }),
  moduleName: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 50 }),
  permissionPrefix: Type.String({ pattern: '^[a-z][A-Za-z0-9]*(:[a-z][A-Za-z0-9]*)+$', maxLength: 100 }),
  columns: Type.Array(ColumnEdit, { maxItems: 500 }),
})
const DownloadBody = Type.Object({
  tableId: Id(),
  file: Type.Union([Type.Literal('server'), Type.Literal('web')]),
})

const access = (action: string) => ({
  permission: `${GenPermission}:${action}`,
  userTypes: [UserType.platform],
  // Generation config ids name no property's record.
  refs: { tableId: false, columnId: false, ids: false } as const,
})

async function loadTable(db: Db, tableId: number): Promise<GenTableDetail> {
  const [table] = await db.select().from(genTable).where(eq(genTable.tableId, tableId))
  if (!table) throw notFound('entity.genTable')
  const columns = await db
    .select()
    .from(genTableColumn)
    .where(eq(genTableColumn.tableId, tableId))
    .orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId))
  return { ...table, columns, declared: Boolean(declaredTable(table.tableName)) } as unknown as GenTableDetail
}

/** Refuses choices the generated files could not honour, naming the column. */
function checkColumns(table: GenTableDetail, edits: Static<typeof ColumnEdit>[]) {
  const byId = new Map(table.columns.map((c) => [c.columnId, c]))
  const names = new Map(table.columns.map((c) => [c.columnId, c.fieldName]))
  const declared = declaredTable(table.tableName)
  for (const edit of edits) {
    const column = byId.get(edit.columnId)
    if (!column) throw badRequest('gen.unknownColumn', [edit.columnId])
    // A table the Drizzle schema declares is read through its own property names.
    const fixed = declared?.fields.get(column.columnName)
    if (fixed && fixed !== edit.fieldName) throw badRequest('gen.fieldFixed', [column.columnName, fixed])
    names.set(edit.columnId, edit.fieldName)
    if ((edit.isForm || edit.isQuery) && !genKindsFor(column.columnType).includes(edit.inputKind))
      throw badRequest('gen.kindNotFor', [
        column.columnName,
        `@gen.kind.${edit.inputKind}`,
        column.columnType,
      ])
    if (
      edit.isQuery &&
      edit.queryType === 'like' &&
      edit.inputKind !== 'text' &&
      edit.inputKind !== 'textarea'
    )
      throw badRequest('gen.likeNeedsText', [column.columnName])
  }
  const seen = new Set<string>()
  for (const name of names.values()) {
    if (seen.has(name)) throw badRequest('gen.fieldTaken', [name])
    seen.add(name)
  }
}

export function genRoutes(app: FastifyInstance, { db, sql }: ServerContext) {
  app.get(
    '/tool/gen/db/list',
    { config: access('list'), schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Static<typeof ListQuery>
      const { limit, offset } = paging(query)
      const { rows, total } = await listDbTables(sql, query.tableName ?? '', limit, offset)
      return page(rows, total)
    },
  )

  app.post(
    '/tool/gen/importTable',
    { config: access('import'), schema: { body: ImportBody } },
    async (request) => {
      const { tables } = request.body as Static<typeof ImportBody>
      // Read the catalog first; then write every table or none.
      const found: { table: DbTable; columns: DbColumn[] }[] = []
      for (const name of tables) {
        const table = await findDbTable(sql, name)
        if (!table) throw badRequest('gen.unknownTable', [name])
        const [taken] = await db
          .select({ id: genTable.tableId })
          .from(genTable)
          .where(eq(genTable.tableName, name))
        if (taken) throw conflict('gen.alreadyImported', [name])
        found.push({ table, columns: await dbColumns(sql, name) })
      }
      await db.transaction(async (tx) => {
        for (const { table, columns } of found) {
          const [row] = await tx
            .insert(genTable)
            .values({
              tableName: table.tableName,
              tableComment: table.tableComment.slice(0, 500),
              functionName: table.tableComment.slice(0, 100),
              ...importedTable(table.tableName),
            })
            .returning({ tableId: genTable.tableId })
          const declared = declaredTable(table.tableName)
          if (columns.length)
            await tx.insert(genTableColumn).values(
              columns.map((c, i) => ({
                ...importedColumn(c, i, declared),
                columnComment: c.columnComment.slice(0, 500),
                tableId: row!.tableId,
              })),
            )
        }
      })
      return ok(undefined, 'gen.imported')
    },
  )

  app.get(
    '/tool/gen/list',
    { config: access('list'), schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Static<typeof ListQuery>
      const where = query.tableName
        ? ilike(genTable.tableName, `%${escapeLike(query.tableName)}%`)
        : undefined
      const { limit, offset } = paging(query)
      const [rows, totals] = await Promise.all([
        db.select().from(genTable).where(where).orderBy(asc(genTable.tableName)).limit(limit).offset(offset),
        db.select({ total: count() }).from(genTable).where(where),
      ])
      return page(rows, Number(totals[0]?.total ?? 0))
    },
  )

  app.get(
    '/tool/gen/:tableId',
    { config: access('query'), schema: { params: TableIdParam } },
    async (request) => ok(await loadTable(db, (request.params as Static<typeof TableIdParam>).tableId)),
  )

  app.put('/tool/gen', { config: access('edit'), schema: { body: EditBody } }, async (request) => {
    const { tableId, columns, ...fields } = request.body as Static<typeof EditBody>
    const table = await loadTable(db, tableId)
    if (isReserved(fields.businessName)) throw badRequest('gen.reservedName', [fields.businessName])
    checkColumns(table, columns)
    await db.transaction(async (tx) => {
      await tx
        .update(genTable)
        .set({ ...fields, updateTime: new Date() })
        .where(eq(genTable.tableId, tableId))
      for (const { columnId, ...column } of columns)
        await tx.update(genTableColumn).set(column).where(eq(genTableColumn.columnId, columnId))
    })
    return ok(await loadTable(db, tableId), 'common.editSuccess')
  })

  const preview = async (tableId: number): Promise<GenPreview> => {
    const table = await loadTable(db, tableId)
    return { server: renderServer(table), web: renderWeb(table) }
  }

  app.get(
    '/tool/gen/preview/:tableId',
    { config: access('preview'), schema: { params: TableIdParam } },
    async (request) => ok(await preview((request.params as Static<typeof TableIdParam>).tableId)),
  )

  app.post(
    '/tool/gen/download',
    { config: access('code'), schema: { body: DownloadBody } },
    async (request, reply) => {
      const { tableId, file } = request.body as Static<typeof DownloadBody>
      const { path, content } = (await preview(tableId))[file as GenFileKind]
      const name = path.slice(path.lastIndexOf('/') + 1)
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .send(content)
    },
  )

  app.delete(
    '/tool/gen/:ids',
    { config: access('remove'), schema: { params: IdsParam } },
    async (request) => {
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: genTable.tableId })
          .from(genTable)
          .where(inArray(genTable.tableId, ids))
        if (found.length !== new Set(ids).size) throw notFound('entity.genTable')
        await tx.delete(genTable).where(inArray(genTable.tableId, ids))
      })
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
