/**
 * Card applications (console page /pmsAllPropertyUserCardApply, SPEC §2.1; issue 15): staff of a property apply for a
 * staff, master, floor or building card; the property admin sees the applications of all the properties where they
 * may review, approves (the card is issued on the desk's encoder through the bridge and recorded with who approved it)
 * or refuses with a remark. Under /prod-api:
 * - GET  /pms/pmsCardApply/list?mine=&state=&pageNum=&pageSize=  rows of CardApplyView: with mine=true the caller's
 *   own applications, else every application of the properties the caller reviews             pms:pmsCardApply:list
 * - GET  /pms/pmsCardApply/scopes                    → the current property's buildings and floors  pms:pmsCardApply:apply
 * - POST /pms/pmsCardApply          CardApplyRequest → CardApplyView (in the current property)   pms:pmsCardApply:apply
 * - POST /pms/pmsCardApply/cancel/{applyId}         → CardApplyView (the applicant, while applying) pms:pmsCardApply:apply
 * - POST /pms/pmsCardApply/approve/{applyId} CardApproveRequest → CardApproveResult                pms:pmsCardApply:review
 * - POST /pms/pmsCardApply/issue/{applyId}   CardApproveRequest → CardApproveResult (again, after a failed write)
 * - POST /pms/pmsCardApply/written/{applyId} {ok, reason?}      → CardApplyView (the card record issued or failed)
 * - POST /pms/pmsCardApply/refuse/{applyId}  {remark}           → CardApplyView                     pms:pmsCardApply:review
 * Review actions need the review permission in the application's own property, not only in the current one.
 */
import type { CardGrant } from './card-issue.ts'

export const CardApplyPermission = {
  list: 'pms:pmsCardApply:list',
  apply: 'pms:pmsCardApply:apply',
  review: 'pms:pmsCardApply:review',
} as const

/** The cards one may apply for, by their card type values (SPEC §3): staff 17, master (CHIEF) 5, floor 2, building 3. */
export const CARD_APPLY_TYPES = { staff: 17, master: 5, floor: 2, building: 3 } as const
export type CardApplyKind = keyof typeof CARD_APPLY_TYPES

export const CARD_APPLY_STATES = ['applying', 'approved', 'refused', 'cancelled'] as const
export type CardApplyState = (typeof CARD_APPLY_STATES)[number]
export type CardApplyAction = 'approve' | 'refuse' | 'cancel' | 'issue'

/** The state machine as data: from each state, what each action leads to. Anything else is refused. */
export const CARD_APPLY_TRANSITIONS: Record<
  CardApplyState,
  Partial<Record<CardApplyAction, CardApplyState>>
> = {
  applying: { approve: 'approved', refuse: 'refused', cancel: 'cancelled' },
  // A card whose write failed is issued again on the approved application.
  approved: { issue: 'approved' },
  refused: {},
  cancelled: {},
}

export interface CardApplyRequest {
  kind: CardApplyKind
  /** A building card's building; a floor card's floor (its building follows). Staff and master cards open the property. */
  buildingId?: number
  floorId?: number
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD hh:mm:ss' (a date alone ends at 23:59:59), or unix seconds. */
  startTime: string | number
  endTime: string | number
  reason: string
}

export interface CardApplyView {
  applyId: number
  propertyId: number
  propertyName: string
  userId: number
  userName: string
  kind: CardApplyKind
  cardType: number
  buildingId: number | null
  buildingName: string | null
  floorId: number | null
  floorName: string | null
  startTime: number
  endTime: number
  reason: string
  state: CardApplyState
  remark: string
  reviewedBy: number | null
  reviewerName: string | null
  reviewTime: string | null
  /** The card issued on approval, and its record's state (waiting, issued, failed). */
  recordId: number | null
  cardid: string | null
  cardState: string | null
  createTime: string
}

export interface CardApproveRequest {
  /** The UID of the blank card on the desk's encoder, read through the bridge. */
  uid: string
  /** The card protocol of the property's locks (M157, Z-M, BLE_V2, BLE_V3, BLE_V3_CPU). */
  protocol: string
  remark?: string
}

export interface CardApproveResult {
  application: CardApplyView
  /** What the console hands to the bridge's /card/issue, then reports with /written. */
  recordId: number
  grant: CardGrant
}
