// What the default delivery adapter sent (SPEC §7, DESIGN §4 auth): sms and email records, read by platform admins.
import { type Static, Type } from '@sinclair/typebox'
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { emailRecord, smsRecord } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { page, paging } from '../http/reply.ts'
import { PageQuery } from '../http/schemas.ts'

const access = { permission: 'system:record:list', userTypes: [1] }
const Purpose = Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z_]*$' }))
/** recorded: written by the default adapter only; sent: handed to SMTP or an SMS provider. */
const Status = Type.Optional(Type.Union([Type.Literal('recorded'), Type.Literal('sent')]))
const SmsQuery = Type.Composite([
  PageQuery,
  Type.Object({ phone: Type.Optional(Type.String({ maxLength: 30 })), purpose: Purpose, status: Status }),
])
const EmailQuery = Type.Composite([
  PageQuery,
  Type.Object({ email: Type.Optional(Type.String({ maxLength: 100 })), purpose: Purpose, status: Status }),
])

export function recordRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get(
    '/system/smsRecord/list',
    { config: access, schema: { querystring: SmsQuery } },
    async (request) => {
      const q = request.query as Static<typeof SmsQuery>
      const conditions: SQL[] = []
      if (q.phone) conditions.push(ilike(smsRecord.phone, `%${escapeLike(q.phone)}%`))
      if (q.purpose) conditions.push(eq(smsRecord.purpose, q.purpose))
      if (q.status) conditions.push(eq(smsRecord.status, q.status))
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(q)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(smsRecord)
          .where(where)
          .orderBy(desc(smsRecord.createTime), desc(smsRecord.recordId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(smsRecord).where(where),
      ])
      return page(rows, Number(totals[0]?.total ?? 0))
    },
  )

  app.get(
    '/system/emailRecord/list',
    { config: access, schema: { querystring: EmailQuery } },
    async (request) => {
      const q = request.query as Static<typeof EmailQuery>
      const conditions: SQL[] = []
      if (q.email) conditions.push(ilike(emailRecord.email, `%${escapeLike(q.email)}%`))
      if (q.purpose) conditions.push(eq(emailRecord.purpose, q.purpose))
      if (q.status) conditions.push(eq(emailRecord.status, q.status))
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(q)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(emailRecord)
          .where(where)
          .orderBy(desc(emailRecord.createTime), desc(emailRecord.recordId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(emailRecord).where(where),
      ])
      return page(rows, Number(totals[0]?.total ?? 0))
    },
  )
}
