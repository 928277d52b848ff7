// Contract of agency qualification (issue 17, SPEC §1, §6): an agent's users apply with the agent's licence, the
// platform reviews it like customer qualification (same states and transitions, minus plugging in), and every
// submission and review is kept in the application's history.
import type { FormProblem, QualificationState } from './qualification.ts'
import { LICENCE_PATH } from './qualification.ts'

/** What an agent's user sends: POST applies, PUT resubmits the agent's application. */
export interface AgencyApplicationBody {
  licenceNo: string
  /** Stored path answered by POST /upload (a private file of the agent). */
  licence: string
  contact: string
  phone: string
  remark?: string
}

export interface AgencyApplication extends Required<AgencyApplicationBody> {
  id: number
  agentId: number
  agentName: string
  userId: number | null
  userName: string
  state: QualificationState
  checkRemark: string
  checkTime: string | null
  createTime: string
  updateTime: string
}

export type AgencyHistoryAction = 'apply' | 'resubmit' | 'approve' | 'refuse'

/** One line of an application's history: a submission or a review. */
export interface AgencyHistoryEntry {
  logId: number
  action: AgencyHistoryAction
  state: QualificationState
  remark: string
  userName: string
  createTime: string
}

export const AGENCY_LIMITS = { licenceNo: 50, contact: 50, phone: 30, remark: 200 } as const
export type AgencyField = keyof AgencyApplicationBody
/** Order in which a server reports the first problem (the form's order). */
export const AGENCY_FIELDS: readonly AgencyField[] = ['licenceNo', 'contact', 'phone', 'licence', 'remark']
const REQUIRED: readonly AgencyField[] = ['licenceNo', 'contact', 'phone', 'licence']

/** The form rules, field by field; an empty object when the application may be sent. */
export function agencyApplicationProblems(
  body: Partial<Record<AgencyField, unknown>>,
): Partial<Record<AgencyField, FormProblem>> {
  const problems: Partial<Record<AgencyField, FormProblem>> = {}
  const text = (f: AgencyField) => (typeof body[f] === 'string' ? (body[f] as string).trim() : '')
  const label = (f: AgencyField) => `@agency.field.${f}`
  for (const field of REQUIRED)
    if (!text(field))
      problems[field] = {
        key: field === 'licence' ? 'agency.licenceRequired' : 'validation.required',
        params: [label(field)],
      }
  for (const field of Object.keys(AGENCY_LIMITS) as Array<keyof typeof AGENCY_LIMITS>) {
    const max = AGENCY_LIMITS[field]
    if (!problems[field] && text(field).length > max)
      problems[field] = { key: 'validation.maxLength', params: [label(field), max] }
  }
  if (!problems.licence && !LICENCE_PATH.test(text('licence')))
    problems.licence = { key: 'agency.licenceInvalid' }
  return problems
}

/** Language-pack key of a history action. */
export const agencyActionKey = (action: AgencyHistoryAction) => `agency.action.${action}`
