// The night audit (issue 13) as named steps in one transaction per property and business date:
//   lock the day → check it may close → charge the night → no-shows → overdue → freeze the snapshot → post the
//   day's voucher → roll the business date forward → record the run → tell the property's desks.
// Exactly once: the business-date row is locked FOR UPDATE first, so a second run (another request, another server
// instance on the same PostgreSQL) waits, then finds the date already rolled and is refused; the unique key of
// pms_night_audit (property, date) and of the night charge (stay, date) are the last line. Atomic: a crash, kill or
// power cut at any step rolls the whole day back (the business date included), and a re-run closes it from the
// start with nothing posted twice. Every run and its outcome, refusals included, is a row of the scheduler log.
import { PushRecordType } from '@pms/protocol'
import {
  BUSINESS_DAY_CLOSED,
  NIGHT_AUDIT_JOB,
  type NightAuditRun,
  type NightAuditStep,
  type NightAuditStepLog,
  NightAuditStep as Step,
} from '@pms/protocol/api/night-audit'
import type { PackMessage, PackParam } from '@pms/protocol/api/system'
import { addDays, type DayText, dayRange, zonedDay } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { refreshEmbeddedStatistics } from '../db/statistics.ts'
import { booksTransaction } from '../finance/errors.ts'
import { AppError, badRequest, conflict } from '../http/errors.ts'
import { announcePushRecord, formatTime, type NewPushRecord, writePushRecord } from '../notifications/push.ts'
import { businessDateOf, dayOf } from '../properties/clock.ts'
import { readPropertyConfig } from '../properties/config.ts'
import { listBlockers } from './blockers.ts'
import type { AuditDay } from './day.ts'
import { writeJobLog } from './job-log.ts'
import { markNoShows, markOverdue } from './no-shows.ts'
import { expireMemberPoints } from './points-expiry.ts'
import { postRoomCharges } from './room-charges.ts'
import { closeOpenShifts } from './shift-close.ts'
import { freezeSnapshot } from './snapshot.ts'
import { pauseForKillTest } from './test-pause.ts'
import { postDayVoucher } from './voucher.ts'

export interface RunInput {
  propertyId: number
  /** The date the caller means to close (the open one when omitted: the scheduler). */
  businessDate?: DayText
  trigger: 'manual' | 'schedule'
  by: { userId: number; userName: string } | null
  noShowRule?: 'noShow' | 'keep'
  now?: Date
  /** Tests only: throw after this step, as a crash there would (the transaction rolls back). */
  crashAfter?: NightAuditStep
}

/** Why a run may not start for the open date `open` now: null when it may. */
export function refusalOf(open: DayText, asked: DayText | undefined, localToday: DayText): AppError | null {
  if (asked !== undefined && asked < open) return conflict('nightAudit.alreadyClosed', [asked])
  if (asked !== undefined && asked > open) return badRequest('nightAudit.notOpenDate', ['businessDate', open])
  // The business date may close on its own calendar day (late evening) or after; never before it has begun.
  if (open > localToday) return conflict('nightAudit.notYet', [open])
  return null
}

/** The steps in order; each takes the day and answers its counts. */
const STEPS: Array<[NightAuditStep, (tx: Db, d: AuditDay) => Promise<Record<string, unknown>>]> = [
  [Step.roomCharges, postRoomCharges],
  [Step.noShows, markNoShows],
  [Step.overdue, markOverdue],
  [Step.pointsExpiry, expireMemberPoints],
  [Step.snapshot, freezeSnapshot],
  [Step.voucher, postDayVoucher],
  [Step.rollDate, rollBusinessDate],
]

/** Step 6: the next business date opens. */
export async function rollBusinessDate(tx: Db, d: AuditDay): Promise<{ days: number }> {
  await tx.execute(sql`UPDATE pms_business_date SET business_date = ${addDays(d.businessDate, 1)}::date,
    update_time = ${d.now.toISOString()}::timestamptz WHERE property_id = ${d.propertyId}`)
  return { days: 1 }
}

const numbersOf = (counts: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(counts).filter(([, v]) => typeof v === 'number')) as Record<
    string,
    number
  >

/**
 * What the property's desks are told once a day has closed: a system record naming the day closed and the one now
 * open. A console that hears it reads its business date again (its default dates), so a desk left open overnight
 * books tonight, not the night closed while it was idle.
 */
export function dayClosedRecord(propertyId: number, closed: DayText, opened: DayText): NewPushRecord {
  return {
    propertyId,
    recordType: PushRecordType.system,
    title: { key: BUSINESS_DAY_CLOSED, params: [closed] },
    body: { key: 'nightAudit.push.body', params: [opened] },
  }
}

/** The night audit of one property (see the top of this file); the desks hear of it once it has committed. */
export async function runNightAudit(
  ctx: Pick<ServerContext, 'db' | 'live' | 'config'>,
  input: RunInput,
): Promise<NightAuditRun> {
  const { db } = ctx
  const started = input.now ?? new Date()
  const config = await readPropertyConfig(db, input.propertyId)
  const timeZone = config.timeZone
  await businessDateOf(db, input.propertyId, timeZone, started)
  let closing: DayText | undefined = input.businessDate
  try {
    const { run, told } = await booksTransaction(db, async (tx) => {
      // Lock the property's day: concurrent runs queue here, and desk postings (which read it FOR SHARE) wait.
      const [row] = rowsOf<{ day: unknown }>(
        await tx.execute(sql`SELECT business_date AS day FROM pms_business_date
          WHERE property_id = ${input.propertyId} FOR UPDATE`),
      )
      const open = dayOf(row!.day)
      closing = open
      const refusal = refusalOf(open, input.businessDate, zonedDay(started, timeZone))
      if (refusal) throw refusal
      const d: AuditDay = {
        propertyId: input.propertyId,
        businessDate: open,
        timeZone,
        day: dayRange(open, timeZone),
        now: started,
        createBy: input.by?.userId ?? null,
        noShowRule: input.noShowRule ?? config.noShowRule,
      }
      const blockers = (await listBlockers(tx, { ...d, openShiftRule: config.openShiftRule })).filter(
        (b) => b.blocking,
      )
      if (blockers.length) throw conflict('nightAudit.blocked', [blockers.length])
      const shifts = config.openShiftRule === 'close' ? await closeOpenShifts(tx, d) : { closed: 0 }
      const steps: NightAuditStepLog[] = []
      let voucherId: number | null = null
      for (const [step, work] of STEPS) {
        const t0 = new Date()
        const counts = await work(tx, d)
        if (step === Step.voucher) voucherId = (counts as { voucherId: number | null }).voucherId
        if (step === Step.roomCharges && shifts.closed)
          (counts as Record<string, number>).shiftsClosed = shifts.closed
        const t1 = new Date()
        steps.push({
          step,
          startTime: formatTime(t0, timeZone),
          endTime: formatTime(t1, timeZone),
          durationMs: t1.getTime() - t0.getTime(),
          counts: numbersOf(counts),
        })
        if (input.crashAfter === step) throw new Error(`night audit interrupted after ${step}`)
        await pauseForKillTest(step)
      }
      const ended = new Date()
      const [saved] = rowsOf<{ audit_id: number }>(
        await tx.execute(sql`INSERT INTO pms_night_audit (property_id, business_date, trigger_kind, steps, voucher_id,
            start_time, end_time, create_by, create_by_name)
          VALUES (${input.propertyId}, ${open}::date, ${input.trigger}, ${JSON.stringify(steps)}::jsonb, ${voucherId},
            ${started.toISOString()}::timestamptz, ${ended.toISOString()}::timestamptz, ${input.by?.userId ?? null},
            ${input.by?.userName ?? ''})
          RETURNING audit_id`),
      )
      const told = await writePushRecord(tx, dayClosedRecord(input.propertyId, open, addDays(open, 1)))
      const run: NightAuditRun = {
        auditId: Number(saved!.audit_id),
        businessDate: open,
        triggerKind: input.trigger,
        steps,
        voucherId,
        startTime: formatTime(started, timeZone),
        endTime: formatTime(ended, timeZone),
        createByName: input.by?.userName ?? '',
      }
      return { run, told }
    })
    await announcePushRecord(ctx, told)
    await logRun(db, input, started, true, { key: 'nightAudit.done', params: [run.businessDate] })
    // The day closed: a desk's embedded database, which has no autovacuum, takes its statistics now. A refresh that
    // fails leaves the last ones in place; the day is closed either way.
    await refreshEmbeddedStatistics(db).catch(() => false)
    return run
  } catch (error) {
    const message: PackMessage =
      error instanceof AppError && (error.params === undefined || Array.isArray(error.params))
        ? { key: error.key, params: packParams(error.params as readonly unknown[] | undefined) }
        : { key: 'nightAudit.failed', params: [closing ?? ''] }
    await logRun(db, input, started, false, message, error instanceof AppError ? '' : String(error)).catch(
      () => {},
    )
    throw error
  }
}

/** An error's parameters as a pack message keeps them: texts and numbers ('@key' texts are translated when read). */
const packParams = (params: readonly unknown[] | undefined): PackParam[] =>
  (params ?? []).map((p) => (typeof p === 'number' || typeof p === 'string' ? p : String(p)))

async function logRun(
  db: Db,
  input: RunInput,
  start: Date,
  ok: boolean,
  message: PackMessage,
  exception = '',
) {
  await writeJobLog(db, {
    jobName: NIGHT_AUDIT_JOB,
    jobGroup: input.trigger === 'schedule' ? 'SYSTEM' : 'MANUAL',
    invokeTarget: `nightAudit.run(${input.propertyId})`,
    propertyId: input.propertyId,
    ok,
    message,
    exception,
    start,
    stop: new Date(),
  })
}
