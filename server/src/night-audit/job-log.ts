// The scheduler log (SPEC §2.1 /job/log): one row per run of a job — the night audit, by schedule or by hand — with
// its outcome. Written after the job's own transaction, so a failed run is on record too. The outcome is kept as its
// language-pack key and parameters (JSON in job_message) and read in each reader's language; rows written as plain
// text before are shown as they are.
import type { Language } from '@pms/protocol'
import type { JobLog, JobLogQuery } from '@pms/protocol/api/night-audit'
import type { PackMessage } from '@pms/protocol/api/system'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { paging } from '../http/reply.ts'
import { formatTime, renderIn } from '../notifications/push.ts'
import { parseLocalTime } from '../orders/timing.ts'
export interface JobOutcome {
  jobName: string
  jobGroup: string
  invokeTarget: string
  propertyId: number | null
  ok: boolean
  message: PackMessage
  exception?: string
  start: Date
  stop: Date
}

/** A stored outcome in `lang`: a pack message as JSON, or a plain text of an older row. */
function readMessage(stored: string, lang: Language): string {
  try {
    const message = JSON.parse(stored) as PackMessage
    if (message && typeof message.key === 'string') return renderIn(lang, message)
  } catch {
    // Plain text.
  }
  return stored
}

/** The outcome as stored (500 characters at most): whole JSON, or its key alone when its parameters are too long. */
const storedMessage = (message: PackMessage): string => {
  const whole = JSON.stringify(message)
  return whole.length <= 500 ? whole : JSON.stringify({ key: message.key })
}

export async function writeJobLog(db: Db, o: JobOutcome): Promise<void> {
  await db.execute(sql`INSERT INTO sys_job_log (job_name, job_group, invoke_target, property_id, job_message, status,
      exception_info, start_time, stop_time)
    VALUES (${o.jobName}, ${o.jobGroup}, ${o.invokeTarget}, ${o.propertyId}, ${storedMessage(o.message)},
      ${o.ok ? '0' : '1'}, ${(o.exception ?? '').slice(0, 2000)}, ${o.start.toISOString()}::timestamptz,
      ${o.stop.toISOString()}::timestamptz)`)
}

/**
 * The log, newest first: a property user sees their property's runs; a platform user (propertyId null) sees all.
 * Times are shown on the property's clock when the row belongs to one.
 */
export async function listJobLog(
  db: Db,
  propertyId: number | null,
  query: JobLogQuery,
  timeZone: string | undefined,
  lang: Language,
): Promise<{ rows: JobLog[]; total: number }> {
  const where: SQL[] = [sql`true`]
  if (propertyId !== null) where.push(sql`property_id = ${propertyId}`)
  if (query.jobName) where.push(sql`job_name = ${query.jobName}`)
  if (query.status) where.push(sql`status = ${query.status}`)
  if (query.beginTime)
    where.push(
      sql`start_time >= ${parseLocalTime(query.beginTime, 'beginTime', timeZone ?? 'UTC').toISOString()}::timestamptz`,
    )
  if (query.endTime)
    where.push(
      sql`start_time < ${parseLocalTime(query.endTime, 'endTime', timeZone ?? 'UTC', '23:59').toISOString()}::timestamptz`,
    )
  const filter = sql.join(where, sql` AND `)
  const { limit, offset } = paging(query)
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM sys_job_log WHERE ${filter}`),
  )
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT * FROM sys_job_log WHERE ${filter} ORDER BY job_log_id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
  )
  // A platform user's log spans properties: its times are UTC.
  const time = (v: unknown) => formatTime(new Date(String(v)), timeZone ?? 'UTC')
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({
      jobLogId: Number(r.job_log_id),
      jobName: String(r.job_name),
      jobGroup: String(r.job_group),
      invokeTarget: String(r.invoke_target),
      propertyId: r.property_id === null ? null : Number(r.property_id),
      jobMessage: readMessage(String(r.job_message), lang),
      status: String(r.status) as '0' | '1',
      exceptionInfo: String(r.exception_info),
      startTime: time(r.start_time),
      stopTime: time(r.stop_time),
      createTime: time(r.create_time),
    })),
  }
}
