// The books' routes (protocol/src/api/finance.ts): the chart, money accounts, the cash journal, vouchers with audit
// and reverse audit, ledgers, periods and settings. Every route acts inside the caller's property. The area is an
// encapsulated plugin whose error handler turns the database's own refusals (SQLSTATE PF0xx) into translated errors.
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { fBookSetting, fPeriod, fVoucher } from '../db/schema/index.ts'
import { conflict } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { Records } from '../http/property-records.ts'
import { ok, page, paging } from '../http/reply.ts'
import { Day, IdParam, IdsParam, parseIds } from '../http/schemas.ts'
import { propertyClock } from '../properties/clock.ts'
import { accountRoutes } from './accounts.ts'
import { chartRoutes } from './chart.ts'
import { booksRefusal, booksTransaction } from './errors.ts'
import { journalRoutes } from './journal.ts'
import { generalLedger, subjectBalance, subLedger } from './ledgers.ts'
import { FinancePermission, VoucherAction } from './menus.ts'
import {
  AuditBody,
  BookSettingBody,
  GeneralLedgerQuery,
  PeriodParam,
  SubjectBalanceBody,
  SubLedgerBody,
  VoucherBody,
  VoucherEditBody,
  VoucherListQuery,
} from './schemas.ts'
import { booksProperty } from './scope.ts'
import {
  antiAuditVoucher,
  auditVouchers,
  createVoucher,
  deleteVouchers,
  editVoucher,
  listVouchers,
  type Maker,
  readVoucher,
  reverseVoucher,
} from './vouchers.ts'

const voucher = (action: string) => ({ permission: `${FinancePermission.voucher}:${action}` })

function makerOf(request: FastifyRequest): Maker {
  const auth = authOf(request)
  return { userId: auth.userId, userName: auth.userName }
}

function voucherRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/finance/fJournalAccount/list',
    { config: voucher('list'), schema: { querystring: VoucherListQuery } },
    async (request) => {
      const q = request.query as Static<typeof VoucherListQuery>
      const { rows, total } = await listVouchers(db, booksProperty(request), q, paging(q))
      return page(rows, total)
    },
  )
  app.get(
    '/finance/fJournalAccount/listAll',
    { config: voucher('list'), schema: { querystring: VoucherListQuery } },
    async (request) => {
      const q = request.query as Static<typeof VoucherListQuery>
      return ok((await listVouchers(db, booksProperty(request), q)).rows)
    },
  )
  app.get(
    '/finance/fJournalAccount/:id',
    { config: voucher('query'), schema: { params: IdParam } },
    async (request) =>
      ok(await readVoucher(db, booksProperty(request), (request.params as { id: number }).id)),
  )
  app.post(
    '/finance/fJournalAccount',
    { config: voucher('add'), schema: { body: VoucherBody } },
    async (request) => {
      const propertyId = booksProperty(request)
      const body = request.body as Static<typeof VoucherBody>
      const row = await booksTransaction(db, (tx) => createVoucher(tx, propertyId, body, makerOf(request)))
      return ok(await readVoucher(db, propertyId, row.voucherId), 'common.addSuccess')
    },
  )
  app.put(
    '/finance/fJournalAccount',
    { config: voucher('edit'), schema: { body: VoucherEditBody } },
    async (request) => {
      const propertyId = booksProperty(request)
      const { voucherId, ...body } = request.body as Static<typeof VoucherEditBody>
      await booksTransaction(db, (tx) => editVoucher(tx, propertyId, voucherId, body))
      return ok(await readVoucher(db, propertyId, voucherId), 'common.editSuccess')
    },
  )
  app.delete(
    '/finance/fJournalAccount/:ids',
    { config: { ...voucher('remove'), refs: { ids: Records.voucher } }, schema: { params: IdsParam } },
    async (request) => {
      const propertyId = booksProperty(request)
      const ids = parseIds((request.params as { ids: string }).ids)
      await booksTransaction(db, (tx) => deleteVouchers(tx, propertyId, ids))
      return ok(undefined, 'common.deleteSuccess')
    },
  )
  app.post(
    '/finance/fJournalAccount/audit',
    {
      config: { permission: VoucherAction.audit, refs: { ids: Records.voucher } },
      schema: { body: AuditBody },
    },
    async (request) => {
      const propertyId = booksProperty(request)
      const { ids } = request.body as Static<typeof AuditBody>
      await booksTransaction(db, (tx) => auditVouchers(tx, propertyId, ids, makerOf(request)))
      return ok(undefined, 'finance.audited')
    },
  )
  app.post(
    '/finance/fJournalAccount/antiAudit/:id',
    {
      config: { permission: VoucherAction.antiAudit, refs: { id: Records.voucher } },
      schema: { params: IdParam },
    },
    async (request) => {
      const propertyId = booksProperty(request)
      const { id } = request.params as { id: number }
      await booksTransaction(db, (tx) => antiAuditVoucher(tx, propertyId, id))
      return ok(await readVoucher(db, propertyId, id), 'finance.antiAudited')
    },
  )
  app.post(
    '/finance/fJournalAccount/reverse/:id',
    {
      config: { ...voucher('add'), refs: { id: Records.voucher } },
      schema: { params: IdParam, body: Type.Object({ voucherDate: Day }) },
    },
    async (request) => {
      const propertyId = booksProperty(request)
      const { id } = request.params as { id: number }
      const { voucherDate } = request.body as { voucherDate: string }
      const row = await booksTransaction(db, (tx) =>
        reverseVoucher(tx, propertyId, id, voucherDate, makerOf(request)),
      )
      return ok(await readVoucher(db, propertyId, row.voucherId), 'common.addSuccess')
    },
  )
}

function ledgerRoutes(app: FastifyInstance, db: Db) {
  const access = { permission: VoucherAction.ledgerList }
  app.get(
    '/finance/fBookkeepeVoucher/generalLedger/:id',
    { config: access, schema: { params: IdParam, querystring: GeneralLedgerQuery } },
    async (request) => {
      const propertyId = booksProperty(request)
      // Without a year, the year of the property's business date (the hotel's, not the server's calendar).
      const year =
        (request.query as { year?: number }).year ??
        Number((await propertyClock(db, propertyId)).businessDate.slice(0, 4))
      return ok(await generalLedger(db, propertyId, (request.params as { id: number }).id, year))
    },
  )
  app.post(
    '/finance/fBookkeepeVoucher/subLedger',
    { config: access, schema: { body: SubLedgerBody } },
    async (request) =>
      ok(await subLedger(db, booksProperty(request), request.body as Static<typeof SubLedgerBody>)),
  )
  app.post(
    '/finance/fBookkeepeVoucher/subjectBalance',
    { config: access, schema: { body: SubjectBalanceBody } },
    async (request) =>
      ok(await subjectBalance(db, booksProperty(request), request.body as Static<typeof SubjectBalanceBody>)),
  )
}

function periodRoutes(app: FastifyInstance, db: Db) {
  app.get('/finance/fPeriod/list', { config: { permission: VoucherAction.periodList } }, async (request) => {
    const propertyId = booksProperty(request)
    const rows = await db
      .select({
        period: fPeriod.period,
        state: fPeriod.state,
        closedBy: fPeriod.closedBy,
        closedTime: fPeriod.closedTime,
        vouchers: sql<number>`(SELECT count(*)::int FROM f_voucher v WHERE v.property_id = f_period.property_id AND v.period = f_period.period)`,
        drafts: sql<number>`(SELECT count(*)::int FROM f_voucher v WHERE v.property_id = f_period.property_id AND v.period = f_period.period AND v.state = 'draft')`,
      })
      .from(fPeriod)
      .where(eq(fPeriod.propertyId, propertyId))
      .orderBy(asc(fPeriod.period))
    return ok(rows.map((r) => ({ ...r, vouchers: Number(r.vouchers), drafts: Number(r.drafts) })))
  })
  const change = (path: string, to: 'open' | 'closed') =>
    app.post(
      `/finance/fPeriod/${path}/:period`,
      { config: { permission: VoucherAction.periodClose }, schema: { params: PeriodParam } },
      async (request) => {
        const propertyId = booksProperty(request)
        const { period } = request.params as { period: string }
        const auth = authOf(request)
        await booksTransaction(db, async (tx) => {
          await tx.insert(fPeriod).values({ propertyId, period }).onConflictDoNothing()
          const [row] = await tx
            .select()
            .from(fPeriod)
            .where(and(eq(fPeriod.propertyId, propertyId), eq(fPeriod.period, period)))
            .for('update')
          if (row!.state === to)
            throw conflict(to === 'closed' ? 'finance.periodClosed' : 'finance.periodOpen', [period])
          if (to === 'closed') {
            const [drafts] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(fVoucher)
              .where(
                and(
                  eq(fVoucher.propertyId, propertyId),
                  eq(fVoucher.period, period),
                  eq(fVoucher.state, 'draft'),
                ),
              )
            if (Number(drafts?.n) > 0) throw conflict('finance.periodHasDrafts', [period])
          }
          await tx
            .update(fPeriod)
            .set(
              to === 'closed'
                ? { state: 'closed', closedBy: auth.userName, closedTime: new Date() }
                : { state: 'open', closedBy: null, closedTime: null },
            )
            .where(and(eq(fPeriod.propertyId, propertyId), eq(fPeriod.period, period)))
        })
        return ok(undefined, to === 'closed' ? 'finance.periodClosedOk' : 'finance.periodReopenedOk')
      },
    )
  change('close', 'closed')
  change('reopen', 'open')

  app.get(
    '/finance/fBookSetting',
    { config: { permission: VoucherAction.settingQuery } },
    async (request) => {
      const [row] = await db
        .select()
        .from(fBookSetting)
        .where(eq(fBookSetting.propertyId, booksProperty(request)))
      return ok({ auditorMustDiffer: row?.auditorMustDiffer ?? false })
    },
  )
  app.put(
    '/finance/fBookSetting',
    { config: { permission: VoucherAction.settingEdit }, schema: { body: BookSettingBody } },
    async (request) => {
      const propertyId = booksProperty(request)
      const { auditorMustDiffer } = request.body as Static<typeof BookSettingBody>
      await db
        .insert(fBookSetting)
        .values({ propertyId, auditorMustDiffer, updateTime: new Date() })
        .onConflictDoUpdate({
          target: fBookSetting.propertyId,
          set: { auditorMustDiffer, updateTime: new Date() },
        })
      return ok({ auditorMustDiffer }, 'common.editSuccess')
    },
  )
}

export function financeRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.register(async (books) => {
    books.setErrorHandler((error, _request, _reply) => {
      throw booksRefusal(error) ?? error
    })
    chartRoutes(books, ctx.db)
    accountRoutes(books, ctx.db)
    journalRoutes(books, ctx.db)
    voucherRoutes(books, ctx.db)
    ledgerRoutes(books, ctx.db)
    periodRoutes(books, ctx.db)
  })
}
