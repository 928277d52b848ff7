// Night audit step: members' points past their validity expire on the business date being closed (issue 12). Points
// credited on business date D last until the close of D + the property's points validity (months); the audit of that
// date writes each member's 'expiry' record, first in, first out, in the audit's transaction.
import type { Db } from '../db/client.ts'
import { expireDuePoints } from '../members/points.ts'
import type { AuditDay } from './day.ts'

export async function expireMemberPoints(tx: Db, d: AuditDay): Promise<{ points: number }> {
  const points = await expireDuePoints(
    tx,
    { propertyId: d.propertyId, userId: d.createBy, now: d.now },
    undefined,
    d.businessDate,
  )
  return { points }
}
