// The card-issuing contract (DESIGN §3): the grant request the console sends, the grant the bridge writes, card records.
import { type CardIssueState, CardType, type ProtocolCategory } from '../cards/card-types.ts'
import type { MifareCardGrant } from '../cards/mifare-sector.ts'

/** Where a card record stands. The console confirms a waiting record as issued, or failed with the reason. */
/**
 * Every card but the desk's own (DESK_CARD_TYPES) opens doors with no stay behind it or changes what locks accept
 * (staff, master, cleaner, floor, building, emergency, clear, un-lost, time, setting and key cards): its own
 * permission, with a reason, both recorded with who issued it.
 */
export const STAFF_CARD_PERMISSION = 'pms:pmsStaffCard:issue'

/**
 * The cards a front desk issues with the card permission alone: a guest card (for a stay, inside it), and the two that
 * only take access away — a check-out card for one room and a lost card for one card number.
 */
export const DESK_CARD_TYPES: ReadonlySet<CardType> = new Set([
  CardType.GUEST,
  CardType.CHECKOUT,
  CardType.LOST,
])

/** Whether issuing a card of `type` needs STAFF_CARD_PERMISSION and a reason. */
export const needsStaffIssue = (type: CardType): boolean => !DESK_CARD_TYPES.has(type)

/**
 * `lost` and `superseded` are what became of a card written (issued) since, as a lock sees it: a lost card naming it
 * was issued, or a newer guest card of its room with the SUPERSEDE flag was written. The server sets them; a console
 * never moves a record to them.
 */
export const CardRecordState = {
  waiting: 'waiting',
  issued: 'issued',
  failed: 'failed',
  expired: 'expired',
  lost: 'lost',
  superseded: 'superseded',
} as const
export type CardRecordState = (typeof CardRecordState)[keyof typeof CardRecordState]

/**
 * The SPEC §4 card issuing state each record state is shown as. §4 names four states; `failed` is §4's
 * "not issued", told apart from a card never attempted by its `failReason`; a lost or superseded card no longer
 * opens, as an expired one (§4's 2), told apart by `state`.
 */
export const CARD_RECORD_ISSUE_STATE = {
  waiting: 3,
  issued: 1,
  failed: 0,
  expired: 2,
  lost: 2,
  superseded: 2,
} as const satisfies Record<CardRecordState, CardIssueState>

/** Body of POST /pms/pmsProperty/getCardIssuerAuthorization. */
export interface CardIssueRequest {
  /** 'M157' | 'Z-M' | 'BLE_V2' | 'BLE_V3' | 'BLE_V3_CPU', or an alias ('T_M157', 'H_BLE', 'BLE_V3 CPU'). */
  protocol: string
  cardType: CardType
  /** The UID the bridge read: 4 or 7 bytes as hex. */
  uid: string
  roomId?: number
  buildingId?: number
  /** Floors the card reaches: one floor for a FLOOR card; the elevator floors of an ELEVATOR card. */
  floorIds?: number[]
  orderId?: number
  /**
   * A stay: its room, order and main guest replace the fields sent (orders contract). Required for a GUEST card, whose
   * validity is the stay's, or a part of it when startTime/endTime are given (never beyond it).
   */
  orderRoomId?: number
  /** Taken from the stay for a GUEST card. */
  guestName?: string
  /** Why a staff, master, floor, building or emergency card is issued (STAFF_CARD_TYPES): required for those. */
  reason?: string
  /** Unix seconds or 'YYYY-MM-DD hh:mm:ss' (a date alone: 00:00:00 for the start, 23:59:59 for the end). */
  /** Optional with orderRoomId. */
  startTime?: number | string
  endTime?: number | string
  /** CardFlag bits. */
  flags?: number
  /** For LOST and UN-LOST cards: the card number (record id) they blacklist or release. */
  targetCardNo?: number
}

/** What the bridge writes: a MIFARE sector grant (M157, Z-M, BLE v2/v3 MIFARE readers) or a CPU card file. */
export type CardGrant =
  | ({ format: 'mifare' } & MifareCardGrant)
  | {
      format: 'cpu'
      category: 'BLE_V3_CPU'
      uid: string
      /** Application id to SELECT, hex. */
      aid: string
      /** Short file id of the card file. */
      sfi: number
      /** The whole sealed card file, hex. */
      file: string
    }

/** data of getCardIssuerAuthorization. */
export interface CardIssueAuthorization {
  recordId: number
  issueSequence: number
  grant: CardGrant
}

/** A card record as the API returns it. */
export interface CardRecordView {
  recordId: number
  cardid: string
  cardType: number
  protocol: ProtocolCategory
  operation: number
  state: CardRecordState
  /** The §4 state code (CardIssueState). */
  cardState: CardIssueState
  failReason: string
  roomId: number | null
  buildingId: number | null
  floorId: number | null
  orderId: number | null
  guestName: string
  issueSequence: number
  startTime: number
  endTime: number
  flags: number
  /** LOST and UN-LOST cards: the card number (record id) they blacklist or release; 0 for other cards. */
  targetCardNo: number
  remark: string
  /** Why a staff, master, floor, building or emergency card was issued. */
  reason: string
  /** Who issued it (user id). */
  createBy: number | null
  /** Who issued it, by name (nick name, else user name); listed records only. */
  createByName?: string
  /** The room's number (the card's room, also after the guest moved to another); listed records only. */
  roomNo?: string | null
  createTime: string
  updateTime: string
}
