// POST /pms/pmsProperty/getCardIssuerAuthorization: the grant the bridge writes a card with (DESIGN §3).
import { hasPermission } from '@pms/protocol'
import { needsStaffIssue } from '@pms/protocol/api/card-issue'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { stayForCard } from '../orders/card-stay.ts'
import { propertyTime, propertyTimeZone } from '../properties/clock.ts'
import { issueCard } from './issue.ts'
import { CardIssueBody, parseIssueRequest } from './issue-request.ts'
import { CardPermission, PROTOCOL_ISSUING } from './permissions.ts'

/** Unix seconds as 'YYYY-MM-DD hh:mm:ss' on the property's clock, as card times typed as text are read. */
const formatSeconds = (seconds: number, timeZone: string) => propertyTime(new Date(seconds * 1000), timeZone)

export function cardIssueRoutes(app: FastifyInstance, { db }: ServerContext) {
  /**
   * Checks the issue permission of the protocol's family (Tm: M157/Z-M, Ht: BLE v2, BLE v3 and its CPU cards), the staff
   * card permission and a reason for staff, master, floor, building and emergency cards, that a guest card belongs to
   * a stay and stays inside it, and that every room, building and floor named is the current property's; answers `{ recordId, issueSequence, grant }` with
   * a card record left waiting. The grant holds the card's own diversified keys and sealed blocks, never the secret.
   */
  app.post(
    '/pms/pmsProperty/getCardIssuerAuthorization',
    { schema: { body: CardIssueBody } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      let body = request.body as CardIssueBody
      // A card for a stay takes its room, order and guest from the stay, and a validity inside it.
      const stay = body.orderRoomId
        ? await stayForCard(db, propertyId, body.orderRoomId, new Date())
        : undefined
      if (stay) {
        if (body.roomId !== undefined && body.roomId !== stay.roomId)
          throw badRequest('cardRecord.roomNotStay', ['roomId'])
        body = {
          ...body,
          ...stay,
          startTime: body.startTime ?? stay.startTime,
          endTime: body.endTime ?? stay.endTime,
        }
      }
      const timeZone = await propertyTimeZone(db, propertyId)
      const input = parseIssueRequest(body, timeZone)
      if (stay) {
        const range = [formatSeconds(stay.startTime, timeZone), formatSeconds(stay.endTime, timeZone)]
        if (input.startTime < stay.startTime)
          throw badRequest('cardRecord.beyondStay', ['startTime', ...range])
        if (input.endTime > stay.endTime) throw badRequest('cardRecord.beyondStay', ['endTime', ...range])
      }
      const needs: string[] = [PROTOCOL_ISSUING[input.protocol].permission]
      if (needsStaffIssue(input.cardType)) needs.push(CardPermission.staffIssue)
      if (!needs.every((p) => hasPermission(auth, [p], () => {}))) throw forbidden()
      return ok(await issueCard(db, propertyId, auth.userId, input))
    },
  )
}
