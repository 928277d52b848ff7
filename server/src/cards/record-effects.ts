// What a card written (confirmed issued) does to the records of cards written before it, as the doors will see it
// (protocol/src/cards/lock-policy.ts): a lost card blacklists the card it names, an un-lost card releases it, and a
// guest card with the SUPERSEDE flag raises its room's sequence, so the room's older guest cards no longer open.
import { CardFlag, CardType } from '@pms/protocol'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { cardRecord } from '../db/schema/index.ts'

type CardRecordRow = typeof cardRecord.$inferSelect

/** The advisory-lock namespace of a room's guest-card confirmations (high bits of the 64-bit key; see inventory.ts). */
const ROOM_CARDS_LOCK_SPACE = (0x7e58n << 48n).toString()

/** Card records still counted as written: a record waiting or failed never reached a card. */
const WRITTEN = sql`('issued', 'expired', 'lost', 'superseded')`

/**
 * The room's guest cards that a later superseding guest card replaced (in any state but waiting or failed): issued
 * → superseded. One statement covers the older cards a new card replaces and a card confirmed after a newer one.
 */
async function supersedeOlderGuestCards(db: Db, propertyId: number, roomId: number, now: Date) {
  // Two guest cards of one room confirmed at once would each miss the other (each statement sees only what was
  // committed when it began): the room's confirmations take turns from here to their commits, so the second sees the
  // first's card and supersedes whichever is older.
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ROOM_CARDS_LOCK_SPACE}::bigint + ${roomId}::bigint)`)
  await db.execute(sql`
    UPDATE pms_card_record r SET state = 'superseded', update_time = ${now.toISOString()}::timestamptz
    WHERE r.property_id = ${propertyId} AND r.room_id = ${roomId} AND r.card_type = ${CardType.GUEST}
      AND r.state = 'issued'
      AND EXISTS (
        SELECT 1 FROM pms_card_record n
        WHERE n.property_id = r.property_id AND n.room_id = r.room_id AND n.card_type = ${CardType.GUEST}
          AND n.state IN ${WRITTEN} AND (n.flags & ${CardFlag.SUPERSEDE}) <> 0
          AND n.issue_sequence > r.issue_sequence)`)
}

/** Steps after `written` was confirmed issued; the records it changes are the property's only (tenancy). */
export async function applyWrittenCard(db: Db, written: CardRecordRow, now: Date): Promise<void> {
  const { propertyId } = written
  switch (written.cardType) {
    case CardType.GUEST:
      if (written.roomId) await supersedeOlderGuestCards(db, propertyId, written.roomId, now)
      return
    case CardType.LOST:
      if (!written.targetCardNo) return
      // A card replaced since and then reported lost is blacklisted all the same: lost says more.
      await db
        .update(cardRecord)
        .set({ state: 'lost', updateTime: now })
        .where(
          and(
            eq(cardRecord.propertyId, propertyId),
            eq(cardRecord.recordId, written.targetCardNo),
            inArray(cardRecord.state, ['issued', 'superseded']),
          ),
        )
      return
    case CardType.UN_LOST: {
      if (!written.targetCardNo) return
      // Released after its stay has left, the card is expired (the check-out expired the stay's other cards).
      const [released] = await db
        .update(cardRecord)
        .set({
          state: sql`CASE WHEN EXISTS (SELECT 1 FROM pms_order_room s
            WHERE s.order_room_id = ${cardRecord.orderRoomId} AND s.state <> 'checkIn') THEN 'expired' ELSE 'issued' END`,
          updateTime: now,
        })
        .where(
          and(
            eq(cardRecord.propertyId, propertyId),
            eq(cardRecord.recordId, written.targetCardNo),
            eq(cardRecord.state, 'lost'),
          ),
        )
        .returning({ roomId: cardRecord.roomId, cardType: cardRecord.cardType, state: cardRecord.state })
      // Released, it may have been replaced meanwhile.
      if (released?.roomId && released.state === 'issued' && released.cardType === CardType.GUEST)
        await supersedeOlderGuestCards(db, propertyId, released.roomId, now)
      return
    }
  }
}
