// Member routes (protocol/src/api/members.ts): set-up resources, member accounts, the desk's lookup, the money flows
// (each once per idempotency key) and the member of an order. Everything acts inside the caller's property.
import type { MemberInput } from '@pms/protocol/api/members'
import type { PaymentMethod } from '@pms/protocol/billing/index'
import type { MemberState } from '@pms/protocol/members/ledger'
import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { idempotencyKeyOf, once } from '../billing/idempotency.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { memberRecord } from '../db/schema/index.ts'
import { authOf } from '../http/guard.ts'
import { requestLanguage } from '../http/language.ts'
import { Records } from '../http/property-records.ts'
import { ok, page, paging } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import {
  createMember,
  editMember,
  findMember,
  listMembers,
  lookupMember,
  memberDetail,
  memberView,
  removeMembers,
  setBlacklist,
  setMemberState,
  viewerOf,
} from './accounts.ts'
import { adjust, recharge, recordRows, refundToBalance, spend } from './flows.ts'
import { MemberPermission } from './menus.ts'
import { bindOrder, orderMemberId, registerMemberHooks } from './orders.ts'
import {
  AdjustBody,
  BindOrderBody,
  BlacklistBody,
  FullQuery,
  IdsParam,
  LookupQuery,
  MemberBody,
  MemberEditBody,
  MemberIdParam,
  MemberListQuery,
  OrderIdParam,
  PayBody,
  RechargeBody,
  RecordQuery,
  RefundPaymentBody,
  StateBody,
} from './schemas.ts'
import { memberSetupRoutes } from './setup-routes.ts'

const P = MemberPermission

/** Runs a money-moving request once per idempotency key (as the folio's routes do) and answers its first result. */
async function keyed<T>(
  db: Db,
  request: FastifyRequest,
  route: string,
  work: (tx: Db, actor: { propertyId: number; userId: number; now: Date }) => Promise<T>,
) {
  const auth = authOf(request)
  const propertyId = requireProperty(auth)
  const key = idempotencyKeyOf(request)
  const { idempotencyKey: _key, ...body } = (request.body ?? {}) as Record<string, unknown>
  const scope = { propertyId, key, route: `member.${route}`, request: { body } }
  const { result } = await once(db, scope, (tx) =>
    work(tx, { propertyId, userId: auth.userId, now: new Date() }),
  )
  return ok(result)
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00`)
  d.setDate(d.getDate() + 1)
  const p2 = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())}`
}

export function memberRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  registerMemberHooks()
  memberSetupRoutes(app, db)

  const scope = (request: FastifyRequest, full = false) => {
    const auth = authOf(request)
    return { propertyId: requireProperty(auth), auth, viewer: viewerOf(auth, requestLanguage(request), full) }
  }

  app.get(
    '/pms/pmsMember/list',
    { config: { permission: P.list }, schema: { querystring: MemberListQuery } },
    async (request) => {
      const { propertyId, viewer } = scope(request)
      const query = request.query as Parameters<typeof listMembers>[2] & {
        pageNum?: number
        pageSize?: number
      }
      const { rows, total } = await listMembers(db, propertyId, query, paging(query), viewer)
      return page(rows, total)
    },
  )

  app.get(
    '/pms/pmsMember/lookup',
    { config: { permission: P.query }, schema: { querystring: LookupQuery } },
    async (request) => {
      const { propertyId, viewer } = scope(request)
      return ok(
        await lookupMember(db, propertyId, request.query as { phone?: string; cardNo?: string }, viewer),
      )
    },
  )

  app.get(
    '/pms/pmsMember/records',
    { config: { permission: P.query }, schema: { querystring: RecordQuery } },
    async (request) => {
      const { propertyId } = scope(request)
      const q = request.query as { memberId?: number; kind?: string; beginDate?: string; endDate?: string }
      const where: SQL[] = [eq(memberRecord.propertyId, propertyId)]
      if (q.memberId) where.push(eq(memberRecord.memberId, q.memberId))
      if (q.kind) where.push(eq(memberRecord.kind, q.kind))
      if (q.beginDate) where.push(gte(memberRecord.createTime, new Date(`${q.beginDate}T00:00:00`)))
      if (q.endDate) where.push(lt(memberRecord.createTime, new Date(`${nextDay(q.endDate)}T00:00:00`)))
      const { limit, offset } = paging(request.query as { pageNum?: number; pageSize?: number })
      const [rows, totals] = await Promise.all([
        recordRows(db, and(...where) as ReturnType<typeof eq>, limit, offset),
        db
          .select({ total: count() })
          .from(memberRecord)
          .where(and(...where)),
      ])
      return page(rows, Number(totals[0]?.total ?? 0))
    },
  )

  app.get(
    '/pms/pmsMember/orderMember/:orderId',
    { config: { permission: P.query }, schema: { params: OrderIdParam } },
    async (request) => {
      const { propertyId, viewer } = scope(request)
      const { orderId } = request.params as { orderId: number }
      const memberId = await orderMemberId(db, propertyId, orderId)
      return ok(memberId ? { orderId, member: await memberView(db, propertyId, memberId, viewer) } : null)
    },
  )

  app.get(
    '/pms/pmsMember/:memberId',
    { config: { permission: P.query }, schema: { params: MemberIdParam, querystring: FullQuery } },
    async (request) => {
      // The full phone and ID number only for those who may edit members, and only when asked (the edit dialog).
      const full = (request.query as { full?: boolean }).full === true
      const { propertyId, viewer } = scope(request, full)
      return ok(await memberDetail(db, propertyId, (request.params as { memberId: number }).memberId, viewer))
    },
  )

  app.post(
    '/pms/pmsMember',
    { config: { permission: P.add }, schema: { body: MemberBody } },
    async (request) => {
      const { propertyId, auth, viewer } = scope(request)
      const memberId = await createMember(db, propertyId, request.body as MemberInput, auth.userId)
      return ok(await memberView(db, propertyId, memberId, viewer), 'common.addSuccess')
    },
  )

  app.put(
    '/pms/pmsMember',
    { config: { permission: P.edit }, schema: { body: MemberEditBody } },
    async (request) => {
      const { propertyId, auth, viewer } = scope(request)
      const { memberId, ...input } = request.body as Partial<MemberInput> & { memberId: number }
      await editMember(db, propertyId, memberId, input, auth.userId)
      return ok(await memberView(db, propertyId, memberId, viewer), 'common.editSuccess')
    },
  )

  app.delete(
    '/pms/pmsMember/:ids',
    { config: { permission: P.remove, refs: { ids: Records.member } }, schema: { params: IdsParam } },
    async (request) => {
      const { propertyId } = scope(request)
      const ids = (request.params as { ids: string }).ids.split(',').map(Number)
      await removeMembers(db, propertyId, ids)
      return ok(undefined, 'common.deleteSuccess')
    },
  )

  app.post(
    '/pms/pmsMember/state',
    { config: { permission: P.state }, schema: { body: StateBody } },
    async (request) => {
      const { propertyId, auth, viewer } = scope(request)
      const body = request.body as { memberId: number; state: MemberState; reason?: string }
      await setMemberState(db, propertyId, body, auth.userId)
      return ok(await memberView(db, propertyId, body.memberId, viewer))
    },
  )

  app.post(
    '/pms/pmsMember/blacklist',
    { config: { permission: P.blacklist }, schema: { body: BlacklistBody } },
    async (request) => {
      const { propertyId, auth, viewer } = scope(request)
      const body = request.body as { memberId: number; blacklist: boolean; reason?: string }
      await setBlacklist(db, propertyId, body, auth.userId)
      return ok(await memberView(db, propertyId, body.memberId, viewer))
    },
  )

  app.post(
    '/pms/pmsMember/recharge',
    { config: { permission: P.recharge }, schema: { body: RechargeBody } },
    async (request) =>
      keyed(db, request, 'recharge', async (tx, actor) => {
        const body = request.body as {
          memberId: number
          rechargeTypeId?: number
          amountCents?: number
          method: PaymentMethod
          remark?: string
        }
        const ids = await recharge(tx, actor, body)
        const rows = await recordRows(tx, eq(memberRecord.memberId, body.memberId), ids.length, 0)
        return rows.reverse()
      }),
  )

  app.post(
    '/pms/pmsMember/pay',
    { config: { permission: P.pay }, schema: { body: PayBody } },
    async (request) =>
      keyed(db, request, 'pay', (tx, actor) =>
        spend(tx, actor, request.body as { memberId: number; orderId: number; amountCents: number }),
      ),
  )

  app.post(
    '/pms/pmsMember/refundPayment',
    { config: { permission: P.refund }, schema: { body: RefundPaymentBody } },
    async (request) =>
      keyed(db, request, 'refundPayment', (tx, actor) =>
        refundToBalance(tx, actor, request.body as { entryId: number; amountCents: number; reason: string }),
      ),
  )

  app.post(
    '/pms/pmsMember/adjust',
    { config: { permission: P.adjust }, schema: { body: AdjustBody } },
    async (request) =>
      keyed(db, request, 'adjust', (tx, actor) =>
        adjust(tx, actor, request.body as { memberId: number; reason: string }),
      ),
  )

  app.post(
    '/pms/pmsMember/bindOrder',
    { config: { permission: P.pay }, schema: { body: BindOrderBody } },
    async (request) => {
      const { propertyId, auth, viewer } = scope(request)
      const body = request.body as { orderId: number; memberId: number }
      await db.transaction((tx) =>
        bindOrder(tx as unknown as Db, { propertyId, userId: auth.userId, auth, now: new Date() }, body),
      )
      await findMember(db, propertyId, body.memberId)
      return ok({ orderId: body.orderId, member: await memberView(db, propertyId, body.memberId, viewer) })
    },
  )
}
