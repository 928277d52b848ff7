// What the shop sells, plain CRUD on the catalogue's models: products (a model at a price, with stock and images) and
// packages (products grouped by type, plus a combo's products, at one price). The platform writes (user type 1);
// property users browse what is on the shelf by the models' category, series and scene.
import { UserType } from '@pms/protocol'
import { ShopPermission } from '@pms/protocol/api/shop'
import { and, arrayContains, asc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import {
  type DictionaryTable,
  dvcCategory,
  dvcModel,
  dvcScene,
  dvcSeries,
  ordPackage,
  ordPackageCombo,
  ordPackageItem,
  ordPackageType,
  ordProduct,
  ordShopOrderStock,
} from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { SHOP_REFS } from './records.ts'
import { BrowseQuery, PackageFields, ProductFields } from './schemas.ts'

const PLATFORM = [UserType.platform]
const READERS = [UserType.platform, UserType.registered]

function trimmed(fields: Record<string, unknown>, name: string): void {
  if (typeof fields[name] !== 'string') return
  fields[name] = (fields[name] as string).trim()
  if (!fields[name]) throw badRequest('validation.required', [name])
}

/** 'a.png, b.png,,' → 'a.png,b.png': the comma-separated list SPEC §7 reads, without blanks. */
function imageList(fields: Record<string, unknown>, name: string): void {
  if (typeof fields[name] !== 'string') return
  fields[name] = (fields[name] as string)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',')
}

const browsingId = (value: unknown): number | undefined => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** The models the product center's filters leave, as a subquery; undefined when no filter is given. */
function modelsBrowsed(db: Db, query: Record<string, unknown>) {
  const categoryId = browsingId(query.categoryId)
  const seriesId = browsingId(query.seriesId)
  const sceneId = browsingId(query.sceneId)
  if (!categoryId && !seriesId && !sceneId) return undefined
  return db
    .select({ id: dvcModel.modelId })
    .from(dvcModel)
    .where(
      and(
        categoryId ? eq(dvcModel.categoryId, categoryId) : undefined,
        seriesId ? eq(dvcModel.seriesId, seriesId) : undefined,
        sceneId ? arrayContains(dvcModel.sceneIds, [sceneId]) : undefined,
      ),
    )
}

/** Staff see what is on the shelf; the platform sees everything it sells. */
const shelf = (request: FastifyRequest, column: typeof ordProduct.onShelf | typeof ordPackage.onShelf) =>
  authOf(request).userType === UserType.platform ? undefined : eq(column, true)

/** Every product id must be one the shop sells (404 otherwise). */
async function assertProducts(db: Db, ids: number[]): Promise<void> {
  const distinct = [...new Set(ids)]
  if (!distinct.length) return
  const found = await db
    .select({ id: ordProduct.productId })
    .from(ordProduct)
    .where(inArray(ordProduct.productId, distinct))
  if (found.length !== distinct.length) throw notFound('shop.entity.product')
}

async function describeProducts(rows: Record<string, unknown>[], { db }: { db: Db }) {
  const ids = [...new Set(rows.map((r) => r.modelId as number))]
  const models = ids.length
    ? await db
        .select({ id: dvcModel.modelId, code: dvcModel.code, name: dvcModel.name })
        .from(dvcModel)
        .where(inArray(dvcModel.modelId, ids))
    : []
  return rows.map((r) => {
    const m = models.find((x) => x.id === r.modelId)
    return { ...r, modelCode: m?.code ?? '', modelName: m?.name ?? '' }
  })
}

const presentRow = (row: Record<string, unknown>) => {
  const { createTime: _c, updateTime: _u, ...rest } = row
  return rest
}

interface InfoRow {
  productId: number
  num: number
}

async function packageChildren(db: Db, packageId: number) {
  const types = await db
    .select()
    .from(ordPackageType)
    .where(eq(ordPackageType.packageId, packageId))
    .orderBy(asc(ordPackageType.sort), asc(ordPackageType.typeId))
  const items = types.length
    ? await db
        .select({
          typeId: ordPackageItem.typeId,
          productId: ordPackageItem.productId,
          num: ordPackageItem.num,
          productName: ordProduct.name,
        })
        .from(ordPackageItem)
        .innerJoin(ordProduct, eq(ordProduct.productId, ordPackageItem.productId))
        .where(
          inArray(
            ordPackageItem.typeId,
            types.map((t) => t.typeId),
          ),
        )
        .orderBy(asc(ordPackageItem.itemId))
    : []
  const combos = await db
    .select({ productId: ordPackageCombo.productId, num: ordPackageCombo.num, productName: ordProduct.name })
    .from(ordPackageCombo)
    .innerJoin(ordProduct, eq(ordProduct.productId, ordPackageCombo.productId))
    .where(eq(ordPackageCombo.packageId, packageId))
    .orderBy(asc(ordPackageCombo.comboId))
  return {
    packageTypeInfos: types.map((t) => ({
      typeName: t.typeName,
      packageInfos: items.filter((i) => i.typeId === t.typeId).map(({ typeId: _t, ...info }) => info),
    })),
    comboInfos: combos,
  }
}

/** The products one of a package holds: its types' items and its combo's, summed per product. */
export async function packageContents(db: Db, packageId: number): Promise<Map<number, number>> {
  const { packageTypeInfos, comboInfos } = await packageChildren(db, packageId)
  const contents = new Map<number, number>()
  for (const info of [...packageTypeInfos.flatMap((t) => t.packageInfos), ...comboInfos])
    contents.set(info.productId, (contents.get(info.productId) ?? 0) + info.num)
  return contents
}

/** The categories, series and scenes of the models the shelf's products are built on: the product center's filters
 * (staff do not read the platform's catalogue itself). */
async function browseFacets(db: Db, request: FastifyRequest) {
  const models = await db
    .selectDistinct({
      categoryId: dvcModel.categoryId,
      seriesId: dvcModel.seriesId,
      sceneIds: dvcModel.sceneIds,
    })
    .from(ordProduct)
    .innerJoin(dvcModel, eq(dvcModel.modelId, ordProduct.modelId))
    .where(shelf(request, ordProduct.onShelf))
  const entries = async (table: DictionaryTable, ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))]
    if (!wanted.length) return []
    return db
      .select({ dictId: table.dictId, code: table.code, name: table.name, labelKey: table.labelKey })
      .from(table)
      .where(inArray(table.dictId, wanted))
      .orderBy(asc(table.sort), asc(table.dictId))
  }
  return {
    category: await entries(
      dvcCategory,
      models.map((m) => m.categoryId),
    ),
    series: await entries(
      dvcSeries,
      models.map((m) => m.seriesId),
    ),
    scene: await entries(
      dvcScene,
      models.flatMap((m) => m.sceneIds),
    ),
  }
}

export function shopCatalogueRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/ord/ordProduct/facets',
    { config: { permission: `${ShopPermission.product}:list`, userTypes: READERS } },
    async (request) => ok(await browseFacets(db, request)),
  )

  defineCrud(app, db, {
    base: '/ord/ordProduct',
    table: ordProduct,
    id: { column: ordProduct.productId, name: 'productId' },
    entity: 'shop.entity.product',
    permission: ShopPermission.product,
    userTypes: READERS,
    writeUserTypes: PLATFORM,
    fields: ProductFields,
    refs: SHOP_REFS,
    filters: {
      name: { column: ordProduct.name, match: 'like' },
      modelId: { column: ordProduct.modelId, match: 'eq' },
    },
    scope: {
      query: BrowseQuery,
      where: (request, query) => {
        const models = modelsBrowsed(db, query)
        return and(
          shelf(request, ordProduct.onShelf),
          models ? inArray(ordProduct.modelId, models) : undefined,
        )
      },
    },
    orderBy: { column: ordProduct.productId, direction: 'desc' },
    present: presentRow,
    describe: describeProducts,
    prepare: async (fields, { db }) => {
      trimmed(fields, 'name')
      imageList(fields, 'productImages')
      if (fields.modelId !== undefined) {
        const [model] = await db
          .select({ id: dvcModel.modelId })
          .from(dvcModel)
          .where(eq(dvcModel.modelId, fields.modelId as number))
        if (!model) throw notFound('catalogue.entity.model')
      }
      return fields
    },
    // A product a package holds or an order took stays: take it off the shelf instead.
    beforeDelete: async (ids, { db }) => {
      const [inPackage] = await db
        .select({ name: ordPackage.name })
        .from(ordPackage)
        .leftJoin(ordPackageType, eq(ordPackageType.packageId, ordPackage.packageId))
        .leftJoin(ordPackageItem, eq(ordPackageItem.typeId, ordPackageType.typeId))
        .leftJoin(ordPackageCombo, eq(ordPackageCombo.packageId, ordPackage.packageId))
        .where(or(inArray(ordPackageItem.productId, ids), inArray(ordPackageCombo.productId, ids)))
        .limit(1)
      if (inPackage) throw conflict('shop.productInPackage', [inPackage.name])
      const [ordered] = await db
        .select({ id: ordShopOrderStock.productId })
        .from(ordShopOrderStock)
        .where(inArray(ordShopOrderStock.productId, ids))
        .limit(1)
      if (ordered) throw conflict('shop.productOrdered')
    },
  })

  defineCrud(app, db, {
    base: '/ord/ordPackage',
    table: ordPackage,
    id: { column: ordPackage.packageId, name: 'packageId' },
    entity: 'shop.entity.package',
    permission: ShopPermission.package,
    userTypes: READERS,
    writeUserTypes: PLATFORM,
    fields: PackageFields,
    refs: SHOP_REFS,
    filters: { name: { column: ordPackage.name, match: 'like' } },
    scope: {
      query: BrowseQuery,
      where: (request, query) => {
        const models = modelsBrowsed(db, query)
        // A package is in a category (series, scene) when one of its products' models is.
        const holding: SQL | undefined = models
          ? inArray(
              ordPackage.packageId,
              db
                .select({ id: ordPackageType.packageId })
                .from(ordPackageType)
                .innerJoin(ordPackageItem, eq(ordPackageItem.typeId, ordPackageType.typeId))
                .innerJoin(ordProduct, eq(ordProduct.productId, ordPackageItem.productId))
                .where(inArray(ordProduct.modelId, models)),
            )
          : undefined
        return and(shelf(request, ordPackage.onShelf), holding)
      },
    },
    orderBy: { column: ordPackage.packageId, direction: 'desc' },
    present: presentRow,
    prepare: (fields) => {
      trimmed(fields, 'name')
      imageList(fields, 'packageImages')
      if (typeof fields.combo === 'string') fields.combo = fields.combo.trim()
      return fields
    },
    children: {
      fields: ['packageTypeInfos', 'comboInfos'],
      save: async (row, body, { db, isNew }) => {
        const packageId = row.packageId as number
        const types = body.packageTypeInfos as { typeName: string; packageInfos: InfoRow[] }[] | undefined
        const combos = body.comboInfos as InfoRow[] | undefined
        await assertProducts(db, [
          ...(types ?? []).flatMap((t) => t.packageInfos.map((i) => i.productId)),
          ...(combos ?? []).map((c) => c.productId),
        ])
        if (types) {
          if (!isNew) await db.delete(ordPackageType).where(eq(ordPackageType.packageId, packageId))
          for (const [sort, t] of types.entries()) {
            const typeName = t.typeName.trim()
            if (!typeName) throw badRequest('validation.required', ['typeName'])
            const [type] = await db
              .insert(ordPackageType)
              .values({ packageId, typeName, sort })
              .returning({ typeId: ordPackageType.typeId })
            await db
              .insert(ordPackageItem)
              .values(
                t.packageInfos.map((i) => ({ typeId: type!.typeId, productId: i.productId, num: i.num })),
              )
          }
        }
        if (combos) {
          if (!isNew) await db.delete(ordPackageCombo).where(eq(ordPackageCombo.packageId, packageId))
          if (combos.length)
            await db
              .insert(ordPackageCombo)
              .values(combos.map((c) => ({ packageId, productId: c.productId, num: c.num })))
        }
      },
      load: (row, { db }) => packageChildren(db, row.packageId as number),
    },
  })
}
