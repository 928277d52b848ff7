// Permission strings of the card area (SPEC §6) and, per protocol category, the issue permission and card format.
import type { MifareCategory, ProtocolCategory } from '@pms/protocol'
import { STAFF_CARD_PERMISSION } from '@pms/protocol/api/card-issue'

export const CardPermission = {
  tmIssue: 'pms:pmsTmManageCard:issue',
  htIssue: 'pms:pmsHtManageCard:issue',
  bleV3Issue: 'pms:pmsBleV3ManageCard:issue',
  recordList: 'pms:pmsCardRecord:list',
  recordQuery: 'pms:pmsCardRecord:query',
  recordAdd: 'pms:pmsCardRecord:add',
  recordEdit: 'pms:pmsCardRecord:edit',
  /** Reading the property's card-key configuration (never its secret). */
  keyQuery: 'pms:pmsCardKey:query',
  /** Changing the card-key configuration and rotating the card secret. */
  keyEdit: 'pms:pmsCardKey:edit',
  staffIssue: STAFF_CARD_PERMISSION,
} as const
export type CardPermission = (typeof CardPermission)[keyof typeof CardPermission]

export type CardFormat = { format: 'mifare'; category: MifareCategory } | { format: 'cpu' }

/**
 * Tm locks (M157, Z-M), Ht locks (BLE v2) and BLE v3 locks each have their own issue permission. BLE v2 and v3 locks
 * with a MIFARE reader read our M157 sector layout; BLE v3 CPU cards carry our CPU card file.
 */
export const PROTOCOL_ISSUING = {
  M157: { permission: CardPermission.tmIssue, card: { format: 'mifare', category: 'M157' } },
  'Z-M': { permission: CardPermission.tmIssue, card: { format: 'mifare', category: 'Z-M' } },
  BLE_V2: { permission: CardPermission.htIssue, card: { format: 'mifare', category: 'M157' } },
  BLE_V3: { permission: CardPermission.bleV3Issue, card: { format: 'mifare', category: 'M157' } },
  BLE_V3_CPU: { permission: CardPermission.bleV3Issue, card: { format: 'cpu' } },
} as const satisfies Record<ProtocolCategory, { permission: CardPermission; card: CardFormat }>
