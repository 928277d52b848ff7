// Push records (SPEC §2.5): the one way other areas notify a property's staff. The record is stored, then
// published live on <prefix>/push_record/{propertyId} for the console's bell.
import {
  DEFAULT_LANGUAGE,
  type Language,
  type PackMessage,
  type PushRecord,
  renderPackMessage,
  topics,
  translate,
} from '@pms/protocol'
import { zonedDateTime } from '@pms/protocol/time/zone'
import { getTableColumns, sql } from 'drizzle-orm'
import type { ServerContext } from '../context.ts'
import { builtOnce, slot, valueSlot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { pushRecord } from '../db/schema/index.ts'
import { timeZoneColumn, zoneOrDefault } from '../properties/clock.ts'

export interface NewPushRecord {
  propertyId: number
  /** A PushRecordType ('order' counts as ordersUnRead), at most 20 characters. */
  recordType: string
  /** What the title says; stored as key and parameters and rendered in each reader's language. */
  title: PackMessage
  /** What the body says, likewise. */
  body?: PackMessage
  /** A body that is data, not text (a room-status record carries the chart's JSON). */
  recordBody?: string
}

type PushRow = typeof pushRecord.$inferSelect

/** RuoYi's `yyyy-MM-dd HH:mm:ss`, as the console shows it verbatim, on the property's clock (never the server's). */
export function formatTime(d: Date, timeZone: string): string {
  return zonedDateTime(d, timeZone)
}

/** A message in one language. */
export const renderIn = (lang: Language, message: PackMessage) =>
  renderPackMessage((key, params) => translate(lang, key, params), message)

/**
 * The record as a reader sees it: title and body rendered in the reader's language from their stored messages (the
 * stored text only for records kept before messages were), and the messages themselves for the console to re-render
 * after a language switch.
 */
export function presentPushRecord(
  row: PushRow,
  timeZone: string,
  lang: Language = DEFAULT_LANGUAGE,
): PushRecord {
  // Written a field at a time, in the record's order, rather than with conditional spreads: see server/README.md,
  // "Objects on the hot path".
  const record: Partial<PushRecord> = {
    recordId: row.recordId,
    propertyId: row.propertyId,
    recordType: row.recordType,
    recordTitle: row.title ? renderIn(lang, row.title) : row.recordTitle,
    recordBody: row.body ? renderIn(lang, row.body) : row.recordBody,
  }
  if (row.title) record.title = row.title
  if (row.body) record.body = row.body
  record.state = row.state === '1' ? '1' : '0'
  record.createTime = formatTime(row.createTime, timeZone)
  return record as PushRecord
}

/** A push record's row as inserted: its messages, and their text in the default language for older readers. */
export function pushRecordValues(input: NewPushRecord) {
  return {
    propertyId: input.propertyId,
    recordType: input.recordType,
    recordTitle: renderIn(DEFAULT_LANGUAGE, input.title).slice(0, 200),
    recordBody: (input.body ? renderIn(DEFAULT_LANGUAGE, input.body) : (input.recordBody ?? '')).slice(
      0,
      2000,
    ),
    title: input.title,
    body: input.body ?? null,
  }
}

/**
 * Publishes a stored record live on its property's topic (the console's bell), once the change it tells of has
 * committed. A broker that is down does not fail the call (the context's publisher logs and goes on); the record
 * stays for the next list.
 */
export async function announcePushRecord(
  ctx: Pick<ServerContext, 'live' | 'config'>,
  record: PushRecord,
): Promise<void> {
  await ctx.live.publish(topics.pushRecord(record.propertyId, ctx.config.topicPrefix), record)
}

/**
 * Stores a push record in the caller's transaction, the one that makes the change it tells of: the record exists
 * exactly when the change does. Announce the answer with announcePushRecord once that transaction has committed, so
 * a subscriber never hears of a record a rollback then removes. (A new order writes its record inside its own
 * statement: orders/create.ts.)
 */
export async function writePushRecord(tx: Db, input: NewPushRecord): Promise<PushRecord> {
  const values = pushRecordValues(input)
  const [row] = await insertPushRecord(
    tx,
    Object.assign({}, values, { body: values.body && JSON.stringify(values.body) }),
  )
  const { timeZone, ...stored } = row!
  return presentPushRecord(stored, zoneOrDefault(timeZone))
}

/** The insert of writePushRecord, built once: the values of pushRecordValues. */
const insertPushRecord = builtOnce((db) =>
  db
    .insert(pushRecord)
    .values({
      propertyId: valueSlot<number>('propertyId'),
      recordType: valueSlot<string>('recordType'),
      recordTitle: valueSlot<string>('recordTitle'),
      recordBody: valueSlot<string>('recordBody'),
      title: valueSlot<PackMessage>('title'),
      // A record without a body keeps SQL NULL (a value slot would encode null as JSON).
      body: sql`${slot('body')}::jsonb`,
    })
    // The property's zone read by the insert itself, for the record's time.
    .returning({ ...getTableColumns(pushRecord), timeZone: timeZoneColumn(slot('propertyId')) })
    .prepare(''),
)
