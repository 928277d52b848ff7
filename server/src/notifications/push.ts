// Push records (SPEC §2.5): the one way other areas notify a property's staff. The record is stored, then
// published live on <prefix>/push_record/{propertyId} for the console's bell.

import { type PushRecord, topics } from '@pms/protocol'
import { zonedDateTime } from '@pms/protocol/time/zone'
import type { ServerContext } from '../context.ts'
import { pushRecord } from '../db/schema/index.ts'

export interface NewPushRecord {
  propertyId: number
  /** A PushRecordType ('order' counts as ordersUnRead), at most 20 characters. */
  recordType: string
  recordTitle: string
  recordBody?: string
}

type PushRow = typeof pushRecord.$inferSelect

const pad = (n: number) => String(n).padStart(2, '0')
/** RuoYi's `yyyy-MM-dd HH:mm:ss` in the server's local time, as the console shows it verbatim. */
/** 'YYYY-MM-DD hh:mm:ss' on the server's clock, or on a property's clock when its zone is given. */
export function formatTime(d: Date, timeZone?: string): string {
  if (timeZone) return zonedDateTime(d, timeZone)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

export function presentPushRecord(row: PushRow): PushRecord {
  return {
    recordId: row.recordId,
    propertyId: row.propertyId,
    recordType: row.recordType,
    recordTitle: row.recordTitle,
    recordBody: row.recordBody,
    state: row.state === '1' ? '1' : '0',
    createTime: formatTime(row.createTime),
  }
}

/**
 * Stores a push record and publishes it live. Call it after the business change is committed: pass the context's
 * own `db`, not a transaction, so a subscriber never hears of a record that a rollback then removes. A broker that
 * is down does not fail the call (the context's publisher logs and goes on); the record stays for the next list.
 */
export async function publishPushRecord(
  ctx: Pick<ServerContext, 'db' | 'live' | 'config'>,
  input: NewPushRecord,
): Promise<PushRecord> {
  const [row] = await ctx.db
    .insert(pushRecord)
    .values({
      propertyId: input.propertyId,
      recordType: input.recordType,
      recordTitle: input.recordTitle.slice(0, 200),
      recordBody: (input.recordBody ?? '').slice(0, 2000),
    })
    .returning()
  const record = presentPushRecord(row!)
  await ctx.live.publish(topics.pushRecord(input.propertyId, ctx.config.topicPrefix), record)
  return record
}
