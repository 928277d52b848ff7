// Contract of the customer qualification calls (SPEC §3, §4, §5, §7): the application, its states and their
// transitions, and the form rules the console and the server both apply.
import { PropertyAuthState } from './properties.ts'

/**
 * Application states. SPEC §4 fixes only "resubmitted = 3"; the others are ours: a new application waits (0), the
 * platform approves (1) or refuses (2) it, and plugging an approved one in creates the applicant's property (4).
 */
export const QualificationState = {
  pending: 0,
  approved: 1,
  refused: 2,
  resubmitted: 3,
  plugged: 4,
} as const
export type QualificationState = (typeof QualificationState)[keyof typeof QualificationState]

export type QualificationAction = 'resubmit' | 'approve' | 'refuse' | 'plug'

/** The state machine: from each state, the actions allowed and where they lead. A plugged application is final. */
export const QUALIFICATION_TRANSITIONS: Record<
  QualificationState,
  Partial<Record<QualificationAction, QualificationState>>
> = {
  0: { resubmit: 3, approve: 1, refuse: 2 },
  1: { resubmit: 3, plug: 4 },
  2: { resubmit: 3 },
  3: { resubmit: 3, approve: 1, refuse: 2 },
  4: {},
}

export function nextQualificationState(
  state: number,
  action: QualificationAction,
): QualificationState | undefined {
  return QUALIFICATION_TRANSITIONS[state as QualificationState]?.[action]
}

/** Language-pack key naming a state, e.g. for badges. */
export function qualificationStateKey(state: number): string {
  switch (state as QualificationState) {
    case 0:
      return 'qualification.state.pending'
    case 1:
      return 'qualification.state.approved'
    case 2:
      return 'qualification.state.refused'
    case 3:
      return 'qualification.state.resubmitted'
    case 4:
      return 'qualification.state.plugged'
    default:
      return 'qualification.state.unknown'
  }
}

/** The property created when an application is plugged in starts authorised: its qualification was just reviewed. */
export const PLUGGED_PROPERTY_AUTH_STATE = PropertyAuthState.authorized

/** What an applicant sends (POST creates or resubmits, PUT resubmits). */
export interface QualificationBody {
  project: string
  contact: string
  phone: string
  address: string
  /** 6-digit area code of the chosen suggestion; sent with its last two digits zeroed (the city). */
  cityId: string
  /** Stored licence path answered by POST /upload. */
  image?: string
  refereesPhone?: string
  remark?: string
}

export interface QualificationApplication extends Required<QualificationBody> {
  id: number
  userId: number
  userName?: string
  state: QualificationState
  checkRemark: string
  checkTime: string | null
  propertyId: number | null
  createTime: string
  updateTime: string
}

/** PUT /check: the audit result (approve 1, refuse 2) and a remark, required when refusing. */
export interface QualificationCheckBody {
  id: number
  state?: 1 | 2
  checkRemark?: string
}

/** Maxima of SPEC §5 / §9. */
export const QUALIFICATION_LIMITS = {
  project: 50,
  contact: 20,
  phone: 50,
  address: 200,
  refereesPhone: 20,
  remark: 200,
  checkRemark: 200,
} as const

export type QualificationField = keyof QualificationBody

/** A form problem: a language-pack key and its params (`@key` params name a translated field). */
export interface FormProblem {
  key: string
  params?: unknown[]
}

const REQUIRED: Array<[QualificationField, string]> = [
  ['project', 'qualification.projectRequired'],
  ['contact', 'qualification.contactRequired'],
  ['phone', 'qualification.phoneRequired'],
  ['address', 'qualification.addressRequired'],
]

/** Stored licence paths, as POST /upload answers them: the private download of the file (server/src/system/files.ts). */
export const LICENCE_PATH = /^\/system\/sysFile\/download\/\d{1,15}$/

/** The §5 rules, field by field; an empty object when the application may be sent. */
export function applicationProblems(
  body: Partial<Record<QualificationField, unknown>>,
): Partial<Record<QualificationField, FormProblem>> {
  const problems: Partial<Record<QualificationField, FormProblem>> = {}
  const text = (f: QualificationField) => (typeof body[f] === 'string' ? (body[f] as string).trim() : '')
  for (const [field, key] of REQUIRED) if (!text(field)) problems[field] = { key }
  for (const field of Object.keys(QUALIFICATION_LIMITS) as Array<keyof typeof QUALIFICATION_LIMITS>) {
    if (field === 'checkRemark') continue
    const max = QUALIFICATION_LIMITS[field]
    if (!problems[field] && text(field).length > max)
      problems[field] = { key: 'qualification.tooLong', params: [`@qualification.field.${field}`, max] }
  }
  if (!problems.address && !/^\d{6}$/.test(text('cityId')))
    problems.address = { key: 'qualification.addressFromList' }
  const image = text('image')
  if (image && !LICENCE_PATH.test(image)) problems.image = { key: 'qualification.imageInvalid' }
  return problems
}

/** Order in which a server reports the first problem. */
export const QUALIFICATION_FIELDS: readonly QualificationField[] = [
  'project',
  'contact',
  'phone',
  'address',
  'cityId',
  'image',
  'refereesPhone',
  'remark',
]

/** SPEC §5: before submit, the last two digits of cityId are replaced with zero. */
export function cityIdForSubmit(cityId: string): string {
  return /^\d{6}$/.test(cityId) ? `${cityId.slice(0, 4)}00` : cityId
}
