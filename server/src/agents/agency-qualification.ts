// Agency qualification flow (issue 17, SPEC §1, §5, §6): a user of an agent applies with the agent's licence (or
// resubmits after a refusal), the platform reviews it with the step shared with customer qualification, and each
// submission and review is written to the application's history in the same transaction.
import {
  AGENCY_FIELDS,
  type AgencyApplicationBody,
  type AgencyHistoryAction,
  agencyApplicationProblems,
} from '@pms/protocol/api/agent-qualification'
import { QualificationState } from '@pms/protocol/api/qualification'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { agentQualification, agentQualificationLog } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { type ReviewInput, reviewStep, transition } from '../qualification/review.ts'
import { FileCategory, fileOfPath } from '../system/files.ts'
import { agentOfUser } from './agent-users.ts'

export type AgencyRow = typeof agentQualification.$inferSelect
export const AGENCY_ENTITY = 'agency.entity'

/** The agent a caller acts for; a user of no agent cannot apply. */
export async function callerAgent(db: Db, userId: number): Promise<number> {
  const agentId = await agentOfUser(db, userId)
  if (agentId === undefined) throw badRequest('agency.notAgentUser')
  return agentId
}

/** The form rules (first problem wins, in form order), and the licence must be one this agent's users uploaded. */
export async function validAgencyApplication(db: Db, agentId: number, body: Partial<AgencyApplicationBody>) {
  const problems = agencyApplicationProblems(body)
  const field = AGENCY_FIELDS.find((f) => problems[f])
  if (field) throw badRequest(problems[field]!.key, problems[field]!.params)
  const licence = body.licence!.trim()
  const file = await fileOfPath(db, licence)
  if (file?.category !== FileCategory.agencyLicence || (await agentOfUser(db, file.ownerId)) !== agentId)
    throw badRequest('agency.licenceInvalid')
  return {
    licenceNo: body.licenceNo!.trim(),
    licence,
    contact: body.contact!.trim(),
    phone: body.phone!.trim(),
    remark: body.remark?.trim() ?? '',
  }
}

async function writeHistory(
  tx: Db,
  row: AgencyRow,
  action: AgencyHistoryAction,
  userId: number,
  remark: string,
) {
  await tx
    .insert(agentQualificationLog)
    .values({ qualificationId: row.id, action, state: row.state, remark, userId })
}

/**
 * Applies for the caller's agent: creates its application when there is none, otherwise resubmits it (state 3) —
 * after a refusal, or to correct one still waiting. `mustExist` is PUT's rule: there is something to resubmit.
 */
export async function submitAgencyApplication(
  db: Db,
  userId: number,
  body: Partial<AgencyApplicationBody>,
  mustExist: boolean,
): Promise<AgencyRow> {
  const agentId = await callerAgent(db, userId)
  const values = await validAgencyApplication(db, agentId, body)
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(agentQualification)
      .where(eq(agentQualification.agentId, agentId))
      .for('update')
    if (!existing) {
      if (mustExist) throw notFound(AGENCY_ENTITY)
      const [row] = await tx
        .insert(agentQualification)
        .values({ ...values, agentId, userId, state: QualificationState.pending })
        .returning()
      await writeHistory(tx as unknown as Db, row!, 'apply', userId, values.remark)
      return row!
    }
    const state = transition(existing, 'resubmit')
    const [row] = await tx
      .update(agentQualification)
      .set({ ...values, userId, state, updateTime: new Date() })
      .where(eq(agentQualification.id, existing.id))
      .returning()
    await writeHistory(tx as unknown as Db, row!, 'resubmit', userId, values.remark)
    return row!
  })
}

/** The platform's review: the customer qualification step, plus the history line. */
export function reviewAgencyApplication(db: Db, reviewerId: number, input: ReviewInput): Promise<AgencyRow> {
  return reviewStep(db, reviewerId, input, {
    entity: AGENCY_ENTITY,
    lock: async (tx, id) => {
      const [row] = await tx
        .select()
        .from(agentQualification)
        .where(eq(agentQualification.id, id))
        .for('update')
      return row
    },
    save: async (tx, row, change, action) => {
      const [saved] = await tx
        .update(agentQualification)
        .set(change)
        .where(eq(agentQualification.id, row.id))
        .returning()
      await writeHistory(tx, saved!, action, change.checkBy, change.checkRemark)
      return saved!
    },
  })
}
