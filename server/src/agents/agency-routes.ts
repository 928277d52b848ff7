// Agency qualification calls (issue 17):
//   GET  /pms/pmsAgentQualification/list         the platform: every agent's; an agent's user: its agent's only
//   GET  /pms/pmsAgentQualification/history/:id  submissions and reviews of one application, oldest first
//   POST /pms/pmsAgentQualification              an agent's user applies (or resubmits the agent's application)
//   PUT  /pms/pmsAgentQualification              an agent's user resubmits (after a refusal)
//   POST /pms/pmsAgentQualification/upload       the licence, multipart field `file`; data = its private path
//   PUT  /pms/pmsAgentQualification/check        the platform approves (1) or refuses (2, remark needed)
import { UserType } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import { agent, agentQualification, agentQualificationLog, user } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { Id, IdParam, PageQuery } from '../http/schemas.ts'
import { downloadPath, FileCategory, saveFile } from '../system/files.ts'
import {
  AGENCY_ENTITY,
  type AgencyRow,
  callerAgent,
  reviewAgencyApplication,
  submitAgencyApplication,
} from './agency-qualification.ts'
import { agentOfUser } from './agent-users.ts'
import { AgencyPermission } from './menus.ts'

const BASE = '/pms/pmsAgentQualification'
const refs = { id: false, agentId: false } as const
const both = (permission: string) => ({
  permission,
  userTypes: [UserType.platform, UserType.registered],
  refs,
})
const agentSide = (permission: string) => ({ permission, userTypes: [UserType.registered], refs })
const platformSide = (permission: string) => ({ permission, userTypes: [UserType.platform], refs })

// Lengths are checked by the form rules with their own messages; the schema only bounds what is read at all.
const text = Type.Optional(Type.String({ maxLength: 1000 }))
const ApplicationBody = Type.Object({
  // CrudScreen's edit sends the record's id: it must be the caller's agent's application.
  id: Type.Optional(Id()),
  licenceNo: text,
  licence: text,
  contact: text,
  phone: text,
  remark: text,
})
const ListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    state: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 3 }), Type.Literal('')])),
    agentName: Type.Optional(Type.String({ maxLength: 100 })),
  }),
])
const CheckBody = Type.Object({
  id: Id(),
  // Missing or empty: 'An audit result must be selected' (the shared review step says it).
  state: Type.Optional(Type.Union([Type.Integer(), Type.Literal('')])),
  checkRemark: Type.Optional(Type.String({ maxLength: 200 })),
})

const iso = (d: Date | null) => d?.toISOString() ?? null
function present(row: AgencyRow, names: { agentName?: string | null; userName?: string | null } = {}) {
  return {
    ...row,
    agentName: names.agentName ?? '',
    userName: names.userName ?? '',
    checkTime: iso(row.checkTime),
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  }
}

export function agencyRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  /** What the caller may see: the platform everything, an agent's user its agent's application (none: nothing). */
  const visible = async (auth: { userType: number; userId: number }): Promise<SQL | undefined | false> => {
    if (auth.userType === UserType.platform) return undefined
    const agentId = await agentOfUser(db, auth.userId)
    return agentId === undefined ? false : eq(agentQualification.agentId, agentId)
  }

  app.get(
    `${BASE}/list`,
    { config: both(AgencyPermission.list), schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Static<typeof ListQuery>
      const scope = await visible(authOf(request))
      if (scope === false) return page([], 0)
      const conditions: SQL[] = scope ? [scope] : []
      if (query.state !== undefined && query.state !== '')
        conditions.push(eq(agentQualification.state, query.state))
      const name = query.agentName?.trim()
      if (name) conditions.push(ilike(agent.agentName, `%${escapeLike(name)}%`))
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(query)
      const [rows, totals] = await Promise.all([
        db
          .select({ row: agentQualification, agentName: agent.agentName, userName: user.userName })
          .from(agentQualification)
          .innerJoin(agent, eq(agent.agentId, agentQualification.agentId))
          .leftJoin(user, eq(user.userId, agentQualification.userId))
          .where(where)
          .orderBy(desc(agentQualification.updateTime), desc(agentQualification.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(agentQualification)
          .innerJoin(agent, eq(agent.agentId, agentQualification.agentId))
          .where(where),
      ])
      return page(
        rows.map((r) => present(r.row, r)),
        Number(totals[0]?.total ?? 0),
      )
    },
  )

  app.get(
    `${BASE}/history/:id`,
    { config: both(AgencyPermission.query), schema: { params: IdParam } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      const scope = await visible(authOf(request))
      const [found] =
        scope === false
          ? []
          : await db
              .select({ id: agentQualification.id })
              .from(agentQualification)
              .where(and(eq(agentQualification.id, id), scope))
      if (!found) throw notFound(AGENCY_ENTITY)
      const rows = await db
        .select({ log: agentQualificationLog, userName: user.userName })
        .from(agentQualificationLog)
        .leftJoin(user, eq(user.userId, agentQualificationLog.userId))
        .where(eq(agentQualificationLog.qualificationId, id))
        .orderBy(asc(agentQualificationLog.logId))
      return ok(
        rows.map(({ log, userName }) => ({
          logId: log.logId,
          action: log.action,
          state: log.state,
          remark: log.remark,
          userName: userName ?? '',
          createTime: log.createTime.toISOString(),
        })),
      )
    },
  )

  const submit = (mustExist: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request)
    const body = request.body as Static<typeof ApplicationBody>
    if (body.id !== undefined) {
      const agentId = await callerAgent(db, auth.userId)
      const [own] = await db
        .select({ id: agentQualification.id })
        .from(agentQualification)
        .where(and(eq(agentQualification.id, body.id), eq(agentQualification.agentId, agentId)))
      if (!own) throw notFound(AGENCY_ENTITY)
    }
    const row = await submitAgencyApplication(db, auth.userId, body, mustExist)
    return ok(present(row), 'agency.submitted')
  }
  app.post(
    BASE,
    { config: agentSide(AgencyPermission.add), schema: { body: ApplicationBody } },
    submit(false),
  )
  app.put(BASE, { config: agentSide(AgencyPermission.edit), schema: { body: ApplicationBody } }, submit(true))

  // The licence is a private file of the agent: its users and the platform's reviewers read it, nobody else.
  app.post(`${BASE}/upload`, { config: agentSide(AgencyPermission.add) }, async (request) => {
    const auth = authOf(request)
    await callerAgent(db, auth.userId)
    const file = await saveFile(ctx, request, {
      propertyId: 0,
      ownerId: auth.userId,
      private: true,
      category: FileCategory.agencyLicence,
      imagesOnly: true,
    })
    return ok(downloadPath(file.fileId))
  })

  app.put(
    `${BASE}/check`,
    { config: platformSide(AgencyPermission.check), schema: { body: CheckBody } },
    async (request) => {
      const body = request.body as Static<typeof CheckBody>
      const row = await reviewAgencyApplication(db, authOf(request).userId, {
        id: body.id,
        state: body.state === '' ? undefined : body.state,
        checkRemark: body.checkRemark,
      })
      return ok(present(row), 'qualification.checkedOk')
    },
  )
}
