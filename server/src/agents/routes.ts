// Agents, sales areas and sales managers (issue 17, SPEC §1, §6), platform only: plain resources through defineCrud,
// plus PUT /pms/pmsAgent/assignProperty (a property's agent and sales manager). A sales area gives one region of the
// region tree to one agent; a sales manager is a platform user.
import { UserType } from '@pms/protocol'
import { regionFullName } from '@pms/protocol/geo/regions'
import { type Static, Type } from '@sinclair/typebox'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { agent, agentUser, property, salesArea, salesManager, user } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { Id, Text } from '../http/schemas.ts'
import { regionTable } from '../regions/table.ts'
import { AgentPermission } from './menus.ts'

const Status = Type.Union([Type.Literal('0'), Type.Literal('1')])
const Remark = Type.Optional(Text({ maxLength: 500 }))
const Phone = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9+\\- ]{5,30}$' }), Type.Literal('')]))

const AgentFields = Type.Object({
  agentName: Text({ minLength: 1, maxLength: 100 }),
  contact: Type.Optional(Text({ maxLength: 50 })),
  phone: Phone,
  address: Type.Optional(Text({ maxLength: 200 })),
  salesManagerId: Type.Optional(Type.Union([Id(), Type.Null()])),
  status: Type.Optional(Status),
  remark: Remark,
})
const SalesManagerFields = Type.Object({
  userId: Id(),
  phone: Phone,
  status: Type.Optional(Status),
  remark: Remark,
})
const SalesAreaFields = Type.Object({
  agentId: Id(),
  regionCode: Type.String({ pattern: '^\\d{6}$' }),
  remark: Remark,
})
const AssignBody = Type.Object({
  propertyId: Id(),
  agentId: Type.Union([Id(), Type.Null()]),
  salesManagerId: Type.Union([Id(), Type.Null()]),
})

const platformOnly = [UserType.platform]
const noProperty = { agentId: false, salesManagerId: false, salesAreaId: false, userId: false } as const

async function mustExist(db: Db, table: 'agent' | 'salesManager', id: number, field: string) {
  const rows =
    table === 'agent'
      ? await db.select({ id: agent.agentId }).from(agent).where(eq(agent.agentId, id))
      : await db
          .select({ id: salesManager.managerId })
          .from(salesManager)
          .where(eq(salesManager.managerId, id))
  if (!rows.length) throw badRequest('agents.unknown', [field])
}

/** Sales manager id → its user's account and name, for one page of rows. */
async function managerNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>()
  const rows = await db
    .select({ id: salesManager.managerId, userName: user.userName, nickName: user.nickName })
    .from(salesManager)
    .innerJoin(user, eq(user.userId, salesManager.userId))
    .where(inArray(salesManager.managerId, ids))
  return new Map(rows.map((r) => [r.id, r.nickName || r.userName]))
}

export function agentRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsSalesManager',
    table: salesManager,
    id: { column: salesManager.managerId, name: 'managerId' },
    entity: 'agents.entity.salesManager',
    permission: AgentPermission.salesManager,
    fields: SalesManagerFields,
    filters: { status: { column: salesManager.status, match: 'eq' } },
    userTypes: platformOnly,
    refs: { ...noProperty, managerId: false },
    prepare: async (fields, { db, id }) => {
      if (fields.userId !== undefined) {
        const [found] = await db
          .select({ userType: user.userType })
          .from(user)
          .where(and(eq(user.userId, fields.userId as number), eq(user.delFlag, false)))
        if (!found) throw badRequest('agents.unknown', ['userId'])
        if (found.userType !== UserType.platform) throw badRequest('agents.managerNotPlatform')
        const [taken] = await db
          .select({ id: salesManager.managerId })
          .from(salesManager)
          .where(eq(salesManager.userId, fields.userId as number))
        if (taken && taken.id !== id) throw conflict('agents.managerTaken')
      }
      return fields
    },
    describe: async (rows, { db }) => {
      const ids = rows.map((r) => r.userId as number)
      const users = ids.length
        ? await db
            .select({ userId: user.userId, userName: user.userName, nickName: user.nickName })
            .from(user)
            .where(inArray(user.userId, ids))
        : []
      const byId = new Map(users.map((u) => [u.userId, u]))
      return rows.map((r) => ({
        ...r,
        userName: byId.get(r.userId as number)?.userName ?? '',
        nickName: byId.get(r.userId as number)?.nickName ?? '',
      }))
    },
    beforeDelete: async (ids, { db }) => {
      const [used] = await db.select({ n: count() }).from(agent).where(inArray(agent.salesManagerId, ids))
      const [looking] = await db
        .select({ n: count() })
        .from(property)
        .where(and(inArray(property.salesManagerId, ids), eq(property.delFlag, false)))
      if (Number(used?.n ?? 0) + Number(looking?.n ?? 0) > 0) throw conflict('error.inUse')
    },
  })

  defineCrud(app, db, {
    base: '/pms/pmsAgent',
    table: agent,
    id: { column: agent.agentId, name: 'agentId' },
    entity: 'agents.entity.agent',
    permission: AgentPermission.agent,
    fields: AgentFields,
    filters: {
      agentName: { column: agent.agentName, match: 'like' },
      status: { column: agent.status, match: 'eq' },
      salesManagerId: { column: agent.salesManagerId, match: 'eq' },
    },
    userTypes: platformOnly,
    refs: noProperty,
    prepare: async (fields, { db, id }) => {
      if (typeof fields.agentName === 'string') {
        const agentName = fields.agentName.trim()
        if (!agentName) throw badRequest('agents.nameEmpty')
        const [same] = await db
          .select({ id: agent.agentId })
          .from(agent)
          .where(eq(agent.agentName, agentName))
        if (same && same.id !== id) throw conflict('agents.nameTaken', [agentName])
        fields.agentName = agentName
      }
      if (typeof fields.salesManagerId === 'number')
        await mustExist(db, 'salesManager', fields.salesManagerId, 'salesManagerId')
      return fields
    },
    describe: async (rows, { db }) => {
      const names = await managerNames(
        db,
        rows.map((r) => r.salesManagerId as number | null).filter((id): id is number => !!id),
      )
      const ids = rows.map((r) => r.agentId as number)
      const [areas, properties] = ids.length
        ? await Promise.all([
            db
              .select({ agentId: salesArea.agentId, n: count() })
              .from(salesArea)
              .where(inArray(salesArea.agentId, ids))
              .groupBy(salesArea.agentId),
            db
              .select({ agentId: property.agentId, n: count() })
              .from(property)
              .where(and(inArray(property.agentId, ids), eq(property.delFlag, false)))
              .groupBy(property.agentId),
          ])
        : [[], []]
      const areaCount = new Map(areas.map((a) => [a.agentId, Number(a.n)]))
      const propertyCount = new Map(properties.map((p) => [p.agentId, Number(p.n)]))
      return rows.map((r) => ({
        ...r,
        salesManagerName: names.get(r.salesManagerId as number) ?? '',
        areaCount: areaCount.get(r.agentId as number) ?? 0,
        propertyCount: propertyCount.get(r.agentId as number) ?? 0,
      }))
    },
    beforeDelete: async (ids, { db }) => {
      const [areas] = await db.select({ n: count() }).from(salesArea).where(inArray(salesArea.agentId, ids))
      const [properties] = await db
        .select({ n: count() })
        .from(property)
        .where(and(inArray(property.agentId, ids), eq(property.delFlag, false)))
      // Its users hold the agent role through it: they are unbound first (PUT /pms/pmsAgent/users).
      const [users] = await db.select({ n: count() }).from(agentUser).where(inArray(agentUser.agentId, ids))
      if (Number(areas?.n ?? 0) + Number(properties?.n ?? 0) + Number(users?.n ?? 0) > 0)
        throw conflict('error.inUse')
    },
  })

  defineCrud(app, db, {
    base: '/pms/pmsSalesArea',
    table: salesArea,
    id: { column: salesArea.salesAreaId, name: 'salesAreaId' },
    entity: 'agents.entity.salesArea',
    permission: AgentPermission.salesArea,
    fields: SalesAreaFields,
    filters: {
      agentId: { column: salesArea.agentId, match: 'eq' },
      regionCode: { column: salesArea.regionCode, match: 'eq' },
    },
    userTypes: platformOnly,
    refs: noProperty,
    prepare: async (fields, { db, id }) => {
      if (fields.agentId !== undefined) await mustExist(db, 'agent', fields.agentId as number, 'agentId')
      if (fields.regionCode !== undefined) {
        const code = fields.regionCode as string
        if (!regionTable().index.has(code)) throw badRequest('region.unknownCode', ['regionCode'])
        const [held] = await db
          .select({ id: salesArea.salesAreaId, agentName: agent.agentName })
          .from(salesArea)
          .innerJoin(agent, eq(agent.agentId, salesArea.agentId))
          .where(eq(salesArea.regionCode, code))
        if (held && held.id !== id) throw conflict('agents.regionTaken', [held.agentName])
      }
      return fields
    },
    describe: async (rows, { db }) => {
      const ids = [...new Set(rows.map((r) => r.agentId as number))]
      const agents = ids.length
        ? await db
            .select({ agentId: agent.agentId, agentName: agent.agentName })
            .from(agent)
            .where(inArray(agent.agentId, ids))
        : []
      const names = new Map(agents.map((a) => [a.agentId, a.agentName]))
      const index = regionTable().index
      return rows.map((r) => ({
        ...r,
        agentName: names.get(r.agentId as number) ?? '',
        regionName: regionFullName(index, r.regionCode as string),
      }))
    },
  })

  app.put(
    '/pms/pmsAgent/assignProperty',
    {
      config: { permission: `${AgentPermission.agent}:edit`, userTypes: platformOnly, refs: noProperty },
      schema: { body: AssignBody },
    },
    async (request) => {
      const body = request.body as Static<typeof AssignBody>
      if (body.agentId !== null) await mustExist(db, 'agent', body.agentId, 'agentId')
      if (body.salesManagerId !== null)
        await mustExist(db, 'salesManager', body.salesManagerId, 'salesManagerId')
      const [row] = await db
        .update(property)
        .set({ agentId: body.agentId, salesManagerId: body.salesManagerId, updateTime: new Date() })
        .where(and(eq(property.propertyId, body.propertyId), eq(property.delFlag, false)))
        .returning({ propertyId: property.propertyId })
      if (!row) throw notFound('entity.property')
      return ok(undefined, 'common.editSuccess')
    },
  )
}
