// POST /pms/pmsProperty/getCardIssuerAuthorization: the grant the bridge writes a card with (DESIGN §3).
import { hasPermission } from '@pms/protocol'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { forbidden } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { stayForCard } from '../orders/card-stay.ts'
import { issueCard } from './issue.ts'
import { CardIssueBody, parseIssueRequest } from './issue-request.ts'
import { PROTOCOL_ISSUING } from './permissions.ts'

export function cardIssueRoutes(app: FastifyInstance, { db }: ServerContext) {
  /**
   * Checks the issue permission of the protocol's family (Tm: M157/Z-M, Ht: BLE v2, BLE v3 and its CPU cards) and that
   * every room, building and floor named is the current property's; answers `{ recordId, issueSequence, grant }` with
   * a card record left waiting. The grant holds the card's own diversified keys and sealed blocks, never the secret.
   */
  app.post(
    '/pms/pmsProperty/getCardIssuerAuthorization',
    { schema: { body: CardIssueBody } },
    async (request) => {
      const auth = authOf(request)
      let body = request.body as CardIssueBody
      // A card for a stay takes its room, order, guest and validity from the stay.
      if (body.orderRoomId)
        body = { ...body, ...(await stayForCard(db, requireProperty(auth), body.orderRoomId, new Date())) }
      const input = parseIssueRequest(body)
      if (!hasPermission(auth, [PROTOCOL_ISSUING[input.protocol].permission], () => {})) throw forbidden()
      const propertyId = requireProperty(auth)
      return ok(await issueCard(db, propertyId, auth.userId, input))
    },
  )
}
