// The member blacklist at the front desk (issue 12): a phone or ID number on a blacklisted member record of the
// property cannot be reserved or checked in by any path — reservation, walk-in, check-in, a room or guest added — and
// that holds for guests who are not members too (the ID number is enough). Staff who may manage the blacklist see
// the reason; others see that the person is blacklisted. Phone and ID numbers in the message are masked.
import { hasPermission, maskPhone } from '@pms/protocol'
import { and, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { member } from '../db/schema/index.ts'
import { conflict } from '../http/errors.ts'
import { type OrderPerson, registerPersonGuard } from '../orders/hooks.ts'
import type { Actor } from '../orders/store.ts'
import { maskIdNo } from './accounts.ts'
import { MemberPermission } from './menus.ts'

/** Step: refuses the first person whose phone or ID number is on a blacklisted member of the property (409). */
export async function refuseBlacklisted(tx: Db, actor: Actor, people: OrderPerson[]): Promise<void> {
  const phones = [...new Set(people.map((p) => p.phone?.trim()).filter(Boolean) as string[])]
  const idNos = [...new Set(people.map((p) => p.idNo?.trim().toUpperCase()).filter(Boolean) as string[])]
  const matches: SQL[] = []
  if (phones.length) matches.push(inArray(member.phone, phones))
  if (idNos.length) matches.push(inArray(member.idNo, idNos))
  if (!matches.length) return
  const listed = await tx
    .select({ phone: member.phone, idNo: member.idNo, reason: member.blacklistReason })
    .from(member)
    .where(and(eq(member.propertyId, actor.propertyId), eq(member.blacklist, true), or(...matches)))
  if (!listed.length) return
  for (const person of people) {
    const phone = person.phone?.trim()
    const idNo = person.idNo?.trim().toUpperCase()
    const hit = listed.find((m) => (idNo && m.idNo === idNo) || (phone && m.phone === phone))
    if (!hit) continue
    const who = idNo && hit.idNo === idNo ? maskIdNo(idNo) : maskPhone(phone!)
    const seesReason = hasPermission(actor.auth, [MemberPermission.blacklist], () => {})
    throw seesReason
      ? conflict('members.guestBlacklistedReason', [who, hit.reason])
      : conflict('members.guestBlacklisted', [who])
  }
}

export function registerBlacklistGuard() {
  registerPersonGuard('members.blacklist', refuseBlacklisted)
}
