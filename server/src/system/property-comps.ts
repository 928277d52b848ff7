// Property components (SPEC §3, §7): feature tabs (compType 0: the card issuing tabs) and property flags (99).
// `listAll?compType=0` keeps only the tabs the user may open and appends the card-record tab when permitted.
import { hasPermission, type PropertyComponent } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { propertyComp } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'

/** compType of the card issuing tabs, the ones filtered by permission. */
export const CARD_TAB_COMP_TYPE = 0
export const CARD_RECORD_TAB: PropertyComponent = {
  component: 'PmsCardRecord',
  tabName: 'card.tab.record',
  compType: CARD_TAB_COMP_TYPE,
  perms: 'pms:pmsCardRecord:list',
}

const Perms = Type.String({ maxLength: 100, pattern: '^([A-Za-z0-9_*]+:[A-Za-z0-9_*]+:[A-Za-z0-9_*]+)?$' })
const CompFields = Type.Object({
  component: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  tabName: Type.Optional(Type.String({ maxLength: 100 })),
  compType: Type.Integer({ minimum: 0, maximum: 999 }),
  perms: Type.Optional(Type.Union([Perms, Type.Null()])),
  orderNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
})
const ListAllQuery = Type.Object({ compType: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })) })

export function propertyCompRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/system/sysPropertyComp/listAll', { schema: { querystring: ListAllQuery } }, async (request) => {
    const auth = authOf(request)
    const { compType } = request.query as Static<typeof ListAllQuery>
    const rows = await db
      .select({
        id: propertyComp.id,
        component: propertyComp.component,
        tabName: propertyComp.tabName,
        compType: propertyComp.compType,
        perms: propertyComp.perms,
      })
      .from(propertyComp)
      .where(
        and(
          eq(propertyComp.status, '0'),
          compType === undefined ? undefined : eq(propertyComp.compType, compType),
        ),
      )
      .orderBy(asc(propertyComp.compType), asc(propertyComp.orderNum), asc(propertyComp.id))
    let list: PropertyComponent[] = rows
    if (compType === CARD_TAB_COMP_TYPE) {
      const may = (perms: string | null | undefined) => !perms || hasPermission(auth, [perms], () => {})
      list = rows.filter((c) => may(c.perms))
      if (may(CARD_RECORD_TAB.perms)) list.push(CARD_RECORD_TAB)
    }
    return ok(list)
  })

  defineCrud(app, db, {
    base: '/system/sysPropertyComp',
    table: propertyComp,
    id: { column: propertyComp.id, name: 'id' },
    entity: 'entity.propertyComp',
    permission: 'system:sysPropertyComp',
    userTypes: [1],
    fields: CompFields,
    filters: {
      component: { column: propertyComp.component, match: 'like' },
      status: { column: propertyComp.status, match: 'eq' },
    },
    orderBy: { column: propertyComp.orderNum },
    prepare: (fields) => (fields.perms === '' ? { ...fields, perms: null } : fields),
  })
}
