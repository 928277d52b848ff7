// Guests of a stay: add, edit, delete (SPEC §3 Order guests). The room's maximum occupancy and one main guest per
// room hold; a checked-in room's occupancy (full / not full) follows its guests. Writes nothing waits for go behind,
// with the next statement or the COMMIT (db/answered.ts writeBehind).
import { ACTIVE_STAY_STATES, OrderAction } from '@pms/protocol/api/orders'
import type { Static } from '@sinclair/typebox'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { writeBehind } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { orderGuest } from '../db/schema/index.ts'
import { conflict } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { actorOf } from './actor.ts'
import { addGuests, cleanGuest, presentGuest, refreshOccupancy, stayGuestsNow, stayLabel } from './guests.ts'
import { runPersonGuards } from './hooks.ts'
import { OrderPermission } from './menus.ts'
import { GuestAddBody, GuestEditBody, GuestIdParam } from './schemas.ts'
import { requireTransition } from './state-machine.ts'
import { inTransaction, lockGuestStay, lockStayWith, recordEvent, type StayRow } from './store.ts'
import { maskGuest } from './views.ts'

async function requireLiveStay(tx: Db, stay: StayRow) {
  if (!(ACTIVE_STAY_STATES as readonly string[]).includes(stay.state))
    throw conflict('orders.stayNotActive', [await stayLabel(tx, stay)])
}

export function guestRoutes(app: FastifyInstance, { db }: ServerContext) {
  const config = { permission: OrderPermission.guest }

  app.post('/pms/pmsOrderGuest', { config, schema: { body: GuestAddBody } }, async (request) => {
    const actor = actorOf(request)
    const { orderRoomId, ...fields } = request.body as Static<typeof GuestAddBody>
    const row = await inTransaction(db, actor.propertyId, async (tx) => {
      // The stay's guests now (how many, its type's occupancy, its main guest) read with its lock.
      const [{ stay, order }, guestsNow] = await lockStayWith(tx, actor.propertyId, orderRoomId, () =>
        stayGuestsNow(tx, orderRoomId),
      )
      requireTransition(order.state, OrderAction.addGuest)
      await requireLiveStay(tx, stay)
      await runPersonGuards(tx, actor, [{ phone: fields.phone, idNo: fields.idNo, field: '' }])
      const [added] = await addGuests(tx, stay, [fields], '', guestsNow)
      await writeBehind(tx, () =>
        recordEvent(tx, actor, {
          orderId: order.orderId,
          orderRoomId,
          action: OrderAction.addGuest,
          before: order.state,
          after: order.state,
          detail: { guestId: added!.guestId, name: added!.name },
        }),
      )
      return added!
    })
    return ok(maskGuest(presentGuest(row)))
  })

  app.put('/pms/pmsOrderGuest', { config, schema: { body: GuestEditBody } }, async (request) => {
    const actor = actorOf(request)
    const { guestId, ...fields } = request.body as Static<typeof GuestEditBody>
    const row = await inTransaction(db, actor.propertyId, async (tx) => {
      const { guest, stay, order } = await lockGuestStay(tx, actor.propertyId, guestId)
      requireTransition(order.state, OrderAction.editGuest)
      await requireLiveStay(tx, stay)
      const changes = cleanGuest({ idType: guest.idType as 'idCard', idNo: guest.idNo, ...fields }, '')
      // Only a phone or ID number being changed is checked against the blacklist.
      await runPersonGuards(tx, actor, [
        {
          phone: fields.phone !== undefined ? changes.phone : undefined,
          idNo: fields.idNo !== undefined ? changes.idNo : undefined,
          field: '',
        },
      ])
      if (changes.main)
        await writeBehind(tx, () =>
          tx
            .update(orderGuest)
            .set({ main: false })
            .where(and(eq(orderGuest.orderRoomId, guest.orderRoomId), ne(orderGuest.guestId, guestId))),
        )
      const [updated] = await tx
        .update(orderGuest)
        .set({ ...changes, updateTime: actor.now })
        .where(eq(orderGuest.guestId, guestId))
        .returning()
      const before = Object.fromEntries(Object.keys(fields).map((k) => [k, guest[k as keyof typeof guest]]))
      await writeBehind(tx, () =>
        recordEvent(tx, actor, {
          orderId: order.orderId,
          orderRoomId: guest.orderRoomId,
          action: OrderAction.editGuest,
          before: order.state,
          after: order.state,
          detail: { guestId, before, after: fields },
        }),
      )
      return updated!
    })
    return ok(maskGuest(presentGuest(row)))
  })

  app.delete('/pms/pmsOrderGuest/:guestId', { config, schema: { params: GuestIdParam } }, async (request) => {
    const actor = actorOf(request)
    const { guestId } = request.params as { guestId: number }
    await inTransaction(db, actor.propertyId, async (tx) => {
      const { guest, stay, order } = await lockGuestStay(tx, actor.propertyId, guestId)
      requireTransition(order.state, OrderAction.removeGuest)
      await requireLiveStay(tx, stay)
      await writeBehind(tx, () => tx.delete(orderGuest).where(eq(orderGuest.guestId, guestId)))
      if (guest.main) {
        // The room's first guest left becomes its main guest (read after the delete, which goes with it).
        const [heir] = await tx
          .select({ id: orderGuest.guestId })
          .from(orderGuest)
          .where(eq(orderGuest.orderRoomId, guest.orderRoomId))
          .orderBy(asc(orderGuest.guestId))
          .limit(1)
        if (heir)
          await writeBehind(tx, () =>
            tx.update(orderGuest).set({ main: true }).where(eq(orderGuest.guestId, heir.id)),
          )
      }
      await writeBehind(tx, () => refreshOccupancy(tx, stay.roomId))
      await writeBehind(tx, () =>
        recordEvent(tx, actor, {
          orderId: order.orderId,
          orderRoomId: guest.orderRoomId,
          action: OrderAction.removeGuest,
          before: order.state,
          after: order.state,
          detail: { guestId, name: guest.name },
        }),
      )
    })
    return ok()
  })
}
