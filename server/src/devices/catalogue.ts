// The platform's device catalogue, plain CRUD: nine dictionaries and the models built on them (SPEC §1, §5).

import { UserType } from '@pms/protocol'
import {
  CATALOGUE_DICTIONARIES,
  type CatalogueDictionary,
  capabilityFlags,
  capabilityMask,
  dictionaryBase,
  dictionaryPermission,
  ModelPermission,
} from '@pms/protocol/api/devices'
import { and, arrayOverlaps, eq, inArray, ne, notInArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import {
  type DictionaryTable,
  dvcCategory,
  dvcColour,
  dvcDevice,
  dvcFunction,
  dvcMaterial,
  dvcModel,
  dvcNetworking,
  dvcPart,
  dvcProtocol,
  dvcScene,
  dvcSeries,
} from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { DictionaryFields, ModelFields } from './schemas.ts'

export const DICTIONARY_TABLES: Record<CatalogueDictionary, DictionaryTable> = {
  series: dvcSeries,
  colour: dvcColour,
  material: dvcMaterial,
  part: dvcPart,
  category: dvcCategory,
  function: dvcFunction,
  protocol: dvcProtocol,
  networking: dvcNetworking,
  scene: dvcScene,
}

/** Which model column names entries of each dictionary: a single reference or a list of ids. */
const MODEL_LINK: Record<CatalogueDictionary, { column: any; many: boolean; field: string }> = {
  series: { column: dvcModel.seriesId, many: false, field: 'seriesId' },
  category: { column: dvcModel.categoryId, many: false, field: 'categoryId' },
  protocol: { column: dvcModel.protocolId, many: false, field: 'protocolId' },
  networking: { column: dvcModel.networkingId, many: false, field: 'networkingId' },
  function: { column: dvcModel.functionIds, many: true, field: 'functionIds' },
  scene: { column: dvcModel.sceneIds, many: true, field: 'sceneIds' },
  part: { column: dvcModel.partIds, many: true, field: 'partIds' },
  colour: { column: dvcModel.colourIds, many: true, field: 'colourIds' },
  material: { column: dvcModel.materialIds, many: true, field: 'materialIds' },
}

const PLATFORM = [UserType.platform]

function trimmed(fields: Record<string, unknown>, name: string): void {
  if (typeof fields[name] !== 'string') return
  fields[name] = (fields[name] as string).trim()
  if (!fields[name]) throw badRequest('validation.required', [name])
}

async function uniqueCode(db: Db, table: any, idColumn: any, code: unknown, id?: number): Promise<void> {
  if (typeof code !== 'string') return
  const [same] = await db
    .select({ id: idColumn })
    .from(table)
    .where(and(eq(table.code, code), id ? ne(idColumn, id) : undefined))
  if (same) throw conflict('catalogue.codeExists', [code])
}

function dictionaryRoutes(app: FastifyInstance, db: Db, kind: CatalogueDictionary) {
  const table = DICTIONARY_TABLES[kind]
  const link = MODEL_LINK[kind]
  defineCrud(app, db, {
    base: dictionaryBase(kind),
    table,
    id: { column: table.dictId, name: 'dictId' },
    entity: `catalogue.entity.${kind}`,
    permission: dictionaryPermission(kind),
    userTypes: PLATFORM,
    fields: DictionaryFields,
    filters: {
      code: { column: table.code, match: 'like' },
      name: { column: table.name, match: 'like' },
      state: { column: table.state, match: 'eq' },
    },
    orderBy: { column: table.sort },
    prepare: async (fields, { db, id }) => {
      trimmed(fields, 'code')
      trimmed(fields, 'name')
      await uniqueCode(db, table, table.dictId, fields.code, id)
      return fields
    },
    // A model still naming the entry keeps it: arrays carry no foreign key, so the check is here.
    beforeDelete: async (ids, { db }) => {
      const [used] = await db
        .select({ code: dvcModel.code })
        .from(dvcModel)
        .where(link.many ? arrayOverlaps(link.column, ids) : inArray(link.column, ids))
        .limit(1)
      if (used) throw conflict('catalogue.inUse', [used.code])
      const [installed] = await db
        .select({ code: dvcDevice.code })
        .from(dvcDevice)
        .where(inArray(dvcDevice.modelId, ids))
        .limit(1)
      if (installed) throw conflict('catalogue.modelInstalled', [installed.code])
    },
  })
}

/** Every id a model body names must exist in its dictionary (404 naming the dictionary otherwise). */
async function assertEntries(db: Db, fields: Record<string, unknown>): Promise<void> {
  for (const kind of CATALOGUE_DICTIONARIES) {
    const value = fields[MODEL_LINK[kind].field]
    if (value === undefined || value === null) continue
    const ids = [...new Set(Array.isArray(value) ? (value as number[]) : [value as number])]
    if (ids.length === 0) continue
    const table = DICTIONARY_TABLES[kind]
    const found = await db.select({ id: table.dictId }).from(table).where(inArray(table.dictId, ids))
    if (found.length !== ids.length) throw notFound(`catalogue.entity.${kind}`)
  }
}

/** SPEC §5's model rules: years in order, no link to itself, related models that exist. */
async function checkModel(db: Db, fields: Record<string, unknown>, id?: number): Promise<void> {
  let { startYear, endYear } = fields as { startYear?: number | null; endYear?: number | null }
  if (id && (startYear === undefined || endYear === undefined)) {
    const [row] = await db
      .select({ startYear: dvcModel.startYear, endYear: dvcModel.endYear })
      .from(dvcModel)
      .where(eq(dvcModel.modelId, id))
    if (startYear === undefined) startYear = row?.startYear
    if (endYear === undefined) endYear = row?.endYear
  }
  if (startYear != null && endYear != null && startYear > endYear) throw badRequest('catalogue.yearOrder')
  const related = fields.relatedIds as number[] | undefined
  if (related?.length) {
    if (id && related.includes(id)) throw badRequest('catalogue.selfRelated')
    const distinct = [...new Set(related)]
    const found = await db
      .select({ id: dvcModel.modelId })
      .from(dvcModel)
      .where(inArray(dvcModel.modelId, distinct))
    if (found.length !== distinct.length) throw notFound('catalogue.entity.model')
    fields.relatedIds = distinct
  }
}

export function presentModel(row: Record<string, unknown>) {
  const { createTime: _c, updateTime: _u, ...rest } = row
  return { ...rest, capabilities: capabilityFlags(Number(row.capabilities ?? 0)) }
}

export function catalogueRoutes(app: FastifyInstance, db: Db) {
  for (const kind of CATALOGUE_DICTIONARIES) dictionaryRoutes(app, db, kind)

  defineCrud(app, db, {
    base: '/device/dvcModel',
    table: dvcModel,
    id: { column: dvcModel.modelId, name: 'modelId' },
    entity: 'catalogue.entity.model',
    permission: ModelPermission,
    userTypes: PLATFORM,
    fields: ModelFields,
    filters: {
      code: { column: dvcModel.code, match: 'like' },
      name: { column: dvcModel.name, match: 'like' },
      seriesId: { column: dvcModel.seriesId, match: 'eq' },
      categoryId: { column: dvcModel.categoryId, match: 'eq' },
      protocolId: { column: dvcModel.protocolId, match: 'eq' },
      state: { column: dvcModel.state, match: 'eq' },
    },
    orderBy: { column: dvcModel.code },
    present: presentModel,
    prepare: async (fields, { db, id }) => {
      trimmed(fields, 'code')
      trimmed(fields, 'name')
      await uniqueCode(db, dvcModel, dvcModel.modelId, fields.code, id)
      await assertEntries(db, fields)
      await checkModel(db, fields, id)
      if (Array.isArray(fields.capabilities))
        fields.capabilities = capabilityMask(fields.capabilities as number[])
      return fields
    },
    beforeDelete: async (ids, { db }) => {
      // Another model listing one of these as related keeps pointing at nothing otherwise.
      const [used] = await db
        .select({ code: dvcModel.code })
        .from(dvcModel)
        .where(and(arrayOverlaps(dvcModel.relatedIds, ids), notInArray(dvcModel.modelId, ids)))
        .limit(1)
      if (used) throw conflict('catalogue.inUse', [used.code])
      const [installed] = await db
        .select({ code: dvcDevice.code })
        .from(dvcDevice)
        .where(inArray(dvcDevice.modelId, ids))
        .limit(1)
      if (installed) throw conflict('catalogue.modelInstalled', [installed.code])
    },
  })
}
