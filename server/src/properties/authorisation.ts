// Property authorisation (SPEC §4): the owner applies (or reapplies after a refusal), a platform admin reviews.
// unauthorized '0' ─apply→ to be reviewed '1' ─authorize→ authorized '2'
//                                             └─refuse (remark required)→ refused '3' ─apply→ '1'
import { UserType } from '@pms/protocol'
import {
  PropertyPermission as P,
  type PropertyAuthState,
  PropertyAuthState as S,
} from '@pms/protocol/api/properties'
import type { Static } from '@sinclair/typebox'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { property } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { accessProperty } from './access.ts'
import { describe, describeForAdmin } from './present.ts'
import { ReviewBody } from './schemas.ts'

type Action = 'apply' | 'authorize' | 'refuse'

/** The transition table: from which states each action may start, and where it leads. */
export const AUTH_TRANSITIONS: Record<Action, { from: readonly PropertyAuthState[]; to: PropertyAuthState }> =
  {
    apply: { from: [S.unauthorized, S.refused], to: S.toBeReviewed },
    authorize: { from: [S.toBeReviewed], to: S.authorized },
    refuse: { from: [S.toBeReviewed], to: S.refused },
  }

const stateName = (state: PropertyAuthState) => `@property.auth.state.${state}`

/** Moves the property along the table; the update is conditional on the state read, so two racing calls cannot both win. */
async function transition(db: Db, propertyId: number, current: number, action: Action, remark: string) {
  const rule = AUTH_TRANSITIONS[action]
  const from = String(current) as PropertyAuthState
  if (!rule.from.includes(from))
    throw conflict('property.auth.notAllowed', [`@property.auth.action.${action}`, stateName(from)])
  const [row] = await db
    .update(property)
    .set({ authState: Number(rule.to), authRemark: remark, updateTime: new Date() })
    .where(and(eq(property.propertyId, propertyId), eq(property.authState, current)))
    .returning()
  if (!row) throw conflict()
  return row
}

export function authorisationRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/pms/pmsProperty/apply/:id',
    {
      config: { permission: P.edit, userTypes: [UserType.registered], refs: { id: false } },
      schema: { params: IdParam },
    },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      const row = await accessProperty(db, authOf(request), id, P.edit)
      const updated = await transition(db, id, row.authState, 'apply', '')
      return ok((await describe(db, [updated]))[0], 'property.auth.applied')
    },
  )

  app.put(
    '/pms/pmsProperty/review/:id',
    {
      config: { permission: P.review, userTypes: [UserType.platform], refs: { id: false } },
      schema: { params: IdParam, body: ReviewBody },
    },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      const body = request.body as Static<typeof ReviewBody>
      const remark = body.remark?.trim() ?? ''
      if (body.authState === S.refused && !remark)
        throw badRequest('property.auth.remarkRequired', ['remark'])
      const row = await accessProperty(db, authOf(request), id)
      const action: Action = body.authState === S.authorized ? 'authorize' : 'refuse'
      const updated = await transition(db, id, row.authState, action, remark)
      return ok((await describeForAdmin(db, [updated]))[0], 'common.success')
    },
  )
}
