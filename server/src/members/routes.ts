// Member routes (protocol/src/api/members.ts): set-up resources, member accounts, the desk's lookup, the money flows
// (each once per idempotency key) and the member of an order. Everything acts inside the caller's property.
import { hasPermission } from '@pms/protocol'
import {
  MemberGradePermission,
  type MemberInput,
  type MemberRecordQuery,
  type MemberStayQuery,
} from '@pms/protocol/api/members'
import type { PaymentMethod } from '@pms/protocol/billing/index'
import type { MemberState } from '@pms/protocol/members/ledger'
import { and, count, eq, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { idempotencyKeyOf, once } from '../billing/idempotency.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { memberRecord } from '../db/schema/index.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { requestLanguage } from '../http/language.ts'
import { Records } from '../http/property-records.ts'
import { ok, page, paging } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { readPropertyConfig } from '../properties/config.ts'
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
import { registerBlacklistGuard } from './blacklist.ts'
import { adjust, recharge, recordRows, spend } from './flows.ts'
import { nextGradeProgress } from './grades.ts'
import { MemberPermission } from './menus.ts'
import { bindOrder, orderMemberId, registerMemberHooks } from './orders.ts'
import { expireDuePoints, payWithPoints, refundMemberPayment } from './points.ts'
import {
  AdjustBody,
  BindOrderBody,
  BlacklistBody,
  ExpirePointsBody,
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
  RefundRechargeBody,
  StateBody,
  StayQuery,
} from './schemas.ts'
import { memberSetupRoutes } from './setup-routes.ts'
import { exportMembers, IMPORT_MAX_BYTES, importMembers } from './sheet.ts'
import { memberStays } from './stays.ts'
import { refundRecharge } from './withdrawal.ts'

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

export function memberRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  registerMemberHooks()
  registerBlacklistGuard()
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
      const q = request.query as MemberRecordQuery
      const where: SQL[] = [eq(memberRecord.propertyId, propertyId)]
      if (q.memberId) where.push(eq(memberRecord.memberId, q.memberId))
      if (q.kind) where.push(eq(memberRecord.kind, q.kind))
      if (q.flow === 'balance')
        where.push(sql`(${memberRecord.baseDelta} <> 0 OR ${memberRecord.giftDelta} <> 0)`)
      if (q.flow === 'points') where.push(sql`${memberRecord.pointsDelta} <> 0`)
      // Days are the business dates the records were booked to (the property's days, not the server's).
      if (q.beginDate) where.push(sql`business_date >= ${q.beginDate}::date`)
      if (q.endDate) where.push(sql`business_date <= ${q.endDate}::date`)
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
    '/pms/pmsMember/stays',
    { config: { permission: P.query }, schema: { querystring: StayQuery } },
    async (request) => {
      const { propertyId } = scope(request)
      const q = request.query as MemberStayQuery
      const { limit, offset } = paging(q)
      const { rows, total } = await memberStays(db, propertyId, q.memberId, limit, offset)
      return page(rows, total)
    },
  )

  // The property's member settings as the desk needs them (points rate and cap); they are edited in its configuration.
  app.get('/pms/pmsMember/settings', { config: { permission: P.query } }, async (request) => {
    const { propertyId } = scope(request)
    return ok((await readPropertyConfig(db, propertyId)).members)
  })

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
      const detail = await memberDetail(
        db,
        propertyId,
        (request.params as { memberId: number }).memberId,
        viewer,
      )
      return ok({ ...detail, progress: await nextGradeProgress(db, propertyId, detail) })
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
      // A member's grade changes by hand only for those who may edit grades; otherwise by the upgrade rule.
      if (input.gradeId !== undefined && !hasPermission(auth, [`${MemberGradePermission}:edit`], () => {})) {
        const current = await findMember(db, propertyId, memberId)
        if (current.gradeId !== input.gradeId) throw forbidden()
      }
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
        refundMemberPayment(
          tx,
          actor,
          request.body as { entryId: number; amountCents: number; reason: string },
        ),
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
    '/pms/pmsMember/payPoints',
    { config: { permission: P.pay }, schema: { body: PayBody } },
    async (request) =>
      keyed(db, request, 'payPoints', (tx, actor) =>
        payWithPoints(tx, actor, request.body as { memberId: number; orderId: number; amountCents: number }),
      ),
  )

  app.post(
    '/pms/pmsMember/refundRecharge',
    {
      config: { permission: P.refund, refs: { recordId: Records.memberRecord } },
      schema: { body: RefundRechargeBody },
    },
    async (request) =>
      keyed(db, request, 'refundRecharge', (tx, actor) =>
        refundRecharge(
          tx,
          actor,
          request.body as { recordId: number; amountCents?: number; method: PaymentMethod; reason: string },
        ),
      ),
  )

  app.post(
    '/pms/pmsMember/expirePoints',
    { config: { permission: P.adjust }, schema: { body: ExpirePointsBody } },
    async (request) => {
      const { propertyId, auth } = scope(request)
      const { memberId } = request.body as { memberId?: number }
      const points = await db.transaction((tx) =>
        expireDuePoints(tx as unknown as Db, { propertyId, userId: auth.userId, now: new Date() }, memberId),
      )
      return ok({ points })
    },
  )

  app.post(
    '/pms/pmsMember/export',
    { config: { permission: P.export }, schema: { body: MemberListQuery } },
    async (request, reply) => {
      // Full phone and ID numbers only for those who may edit members (the file is for re-import).
      const { propertyId, viewer } = scope(request, true)
      const file = await exportMembers(
        db,
        propertyId,
        (request.body ?? {}) as Parameters<typeof listMembers>[2],
        viewer,
      )
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(file.buffer)
    },
  )

  app.post('/pms/pmsMember/import', { config: { permission: P.import } }, async (request) => {
    const { propertyId, auth, viewer } = scope(request)
    if (!request.isMultipart()) throw badRequest('validation.required', ['file'])
    const file = await request.file().catch(() => {
      throw badRequest('upload.malformed')
    })
    if (file?.fieldname !== 'file') throw badRequest('validation.required', ['file'])
    // SPEC §5: only XLS or XLSX.
    if (!/\.xlsx?$/i.test(file.filename)) throw badRequest('members.import.onlyXls')
    const bytes = await file.toBuffer().catch((error: { code?: string }) => {
      throw error.code === 'FST_REQ_FILE_TOO_LARGE'
        ? badRequest('members.import.tooLarge', [IMPORT_MAX_BYTES / 1024 / 1024])
        : badRequest('upload.malformed')
    })
    if (bytes.length > IMPORT_MAX_BYTES || file.file.truncated)
      throw badRequest('members.import.tooLarge', [IMPORT_MAX_BYTES / 1024 / 1024])
    return ok(await importMembers(db, propertyId, bytes, auth.userId, viewer.language))
  })

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
