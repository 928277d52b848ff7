// The night audit's scheduler: every minute each server instance looks for properties whose audit time has come on
// their own clock (nightAuditTime, 'HH:mm' in the property's zone) while their business date is behind the
// property's calendar day, and runs their audit. Several instances may try the same property at once: the database
// lets one close the day (run.ts) and refuses the others, which is logged and otherwise ignored. Nothing is kept in
// the process: a restarted or second instance picks up whatever is due.

import type { NightAuditRun } from '@pms/protocol/api/night-audit'
import { DEFAULT_TIME_ZONE, daysBetween, zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { ServerContext } from '../context.ts'
import { rowsOf } from '../db/rows.ts'
import { AppError } from '../http/errors.ts'
import { dayOf } from '../properties/clock.ts'
import { type RunInput, runNightAudit } from './run.ts'

const TICK_MS = 60_000

interface Candidate {
  propertyId: number
  timeZone: string
  nightAuditTime: string
  businessDate: string
}

/** Pure: is the audit of this property due at `now`? */
export function auditDue(c: Omit<Candidate, 'propertyId'>, now: Date): boolean {
  if (!c.nightAuditTime) return false
  const today = zonedDay(now, c.timeZone)
  if (c.businessDate > today) return false
  // Behind by more than a day: catch up at once. Otherwise the property's clock must have reached the audit time of
  // the day after the business date (an audit time before noon closes yesterday; one in the evening closes today).
  if (daysBetween(c.businessDate, today) >= 2) return true
  if (c.businessDate < today) {
    const clock = zonedDateTime(now, c.timeZone).slice(11, 16)
    return c.nightAuditTime >= '12:00' || clock >= c.nightAuditTime
  }
  return c.nightAuditTime >= '12:00' && zonedDateTime(now, c.timeZone).slice(11, 16) >= c.nightAuditTime
}

export class NightAuditScheduler {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined

  constructor(
    private readonly ctx: Pick<ServerContext, 'db' | 'live' | 'config'>,
    private readonly log: Logger,
  ) {}

  start(): void {
    if (this.timer) return
    this.timer = setInterval(() => void this.tick(), TICK_MS)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }

  /** Runs one property's audit now (tests use it to interrupt a run between steps: `crashAfter`). */
  run(input: RunInput): Promise<NightAuditRun> {
    return runNightAudit(this.ctx, input)
  }

  /** One look at every property: runs the audits due at `now`; answers the properties it closed a day for. */
  async tick(now = new Date()): Promise<number[]> {
    if (this.running) return []
    const closed: number[] = []
    const work = (async () => {
      for (const c of await this.candidates()) {
        if (!auditDue(c, now)) continue
        try {
          await runNightAudit(this.ctx, { propertyId: c.propertyId, trigger: 'schedule', by: null, now })
          closed.push(c.propertyId)
        } catch (err) {
          // Refusals (closed by another instance, blocked) are in the scheduler log already.
          if (!(err instanceof AppError))
            this.log.error({ err, propertyId: c.propertyId }, 'night audit failed')
        }
      }
    })()
    this.running = work.catch((err) => this.log.error({ err }, 'night audit scheduler failed'))
    await this.running
    this.running = undefined
    return closed
  }

  private async candidates(): Promise<Candidate[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await this.ctx.db.execute(sql`
        SELECT b.property_id AS "propertyId", b.business_date AS "businessDate",
          COALESCE(NULLIF(c.config ->> 'timeZone', ''), ${DEFAULT_TIME_ZONE}) AS "timeZone",
          COALESCE(c.config ->> 'nightAuditTime', '04:00') AS "nightAuditTime"
        FROM pms_business_date b LEFT JOIN pms_property_config c ON c.property_id = b.property_id
        ORDER BY b.property_id`),
    )
    return rows.map((r) => ({
      propertyId: Number(r.propertyId),
      businessDate: dayOf(r.businessDate),
      timeZone: String(r.timeZone),
      nightAuditTime: String(r.nightAuditTime),
    }))
  }
}
