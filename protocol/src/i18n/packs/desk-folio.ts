// Strings of the desk's folio and key-card rules (issue 16): the property's charge items, refund types, the
// confirmations of settling and erasing, staff cards with their reason, and masked personal data.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const c = 'chargeItem'
const rows: Row[] = [
  [`${c}.menu`, '消费项目', '消費項目', 'Charge items'],
  [`${c}.entity`, '消费项目', '消費項目', 'charge item'],
  [`${c}.field.itemName`, '项目名称', '項目名稱', 'Item'],
  [`${c}.field.priceCents`, '默认单价', '預設單價', 'Default price'],
  [`${c}.field.subjectCode`, '财务科目', '財務科目', 'Finance subject'],
  [`${c}.field.status`, '状态', '狀態', 'Status'],
  [`${c}.field.sort`, '排序', '排序', 'Sort'],
  [`${c}.field.remark`, '备注', '備註', 'Remark'],
  [`${c}.status.0`, '启用', '啟用', 'In use'],
  [`${c}.status.1`, '停用', '停用', 'Disabled'],
  [
    `${c}.subjectInvalid`,
    '{0} 应为 4 位科目编码，下级每级加 2 位',
    '{0} 應為 4 位科目編碼，下級每級加 2 位',
    '{0} must be a subject code: 4 digits, then 2 per level',
  ],
  [`${c}.withCost`, '{0} 不能与 {1} 同时填写', '{0} 不能與 {1} 同時填寫', '{0} cannot be given with {1}'],
  [`${c}.disabled`, '消费项目“{0}”已停用', '消費項目「{0}」已停用', 'The charge item {0} is disabled'],
  [`${c}.group.property`, '门店消费项目', '門店消費項目', 'Property charge items'],
  [`${c}.group.roomType`, '房型消费项目', '房型消費項目', 'Room type cost items'],
  [
    'billing.refundReasonInvalid',
    '{0} 不是有效的退款类型：{1}',
    '{0} 不是有效的退款類型：{1}',
    '{0}: {1} is not a refund type',
  ],
  [
    'billing.settleConfirm',
    '确定结账订单 {0} 吗？结账后账单不能再入账。',
    '確定結賬訂單 {0} 嗎？結賬後賬單不能再入賬。',
    'Settle the folio of order {0}? A settled folio takes no more entries.',
  ],
  [
    'billing.checkOutSettleConfirm',
    '确定为 {0} 退房并结账吗？',
    '確定為 {0} 退房並結賬嗎？',
    'Check out {0} and settle the folio?',
  ],
  [
    'cardConsole.erase.confirm',
    '确定清除编码器上这张卡的全部数据吗？此操作不可撤销。',
    '確定清除編碼器上這張卡的全部資料嗎？此操作不可撤銷。',
    'Erase everything on the card on the encoder? This cannot be undone.',
  ],
  [
    'cardRecord.guestNeedsStay',
    '住客卡必须属于一个在住或预订的订单房间（{0}）',
    '住客卡必須屬於一個在住或預訂的訂單房間（{0}）',
    'A guest card must belong to a stay: give {0}',
  ],
  [
    'cardRecord.beyondStay',
    '{0} 超出了住宿期限（{1} 至 {2}）',
    '{0} 超出了住宿期限（{1} 至 {2}）',
    '{0} is outside the stay ({1} to {2})',
  ],
  [
    'cardRecord.roomNotStay',
    '{0} 不是该住宿的房间',
    '{0} 不是該住宿的房間',
    '{0} is not the room of the stay',
  ],
  [
    'cardRecord.reasonRequired',
    '除宾客卡、退房卡与挂失卡外，制卡须填写{0}',
    '除賓客卡、退房卡與掛失卡外，製卡須填寫{0}',
    '{0} is required for every card but guest, check-out and lost cards',
  ],
  ['cardConsole.field.reason', '制卡原因', '製卡原因', 'Reason'],
  ['cardConsole.field.stay', '住宿', '住宿', 'Stay'],
  [
    'cardConsole.stay.none',
    '该房间没有在住或今日到店的住宿',
    '該房間沒有在住或今日到店的住宿',
    'No stay in this room to issue a guest card for',
  ],
  [
    'cardConsole.error.needStay',
    '请选择一个有住宿的房间',
    '請選擇一個有住宿的房間',
    'Choose a room with a stay',
  ],
  ['cardConsole.error.needReason', '请填写制卡原因', '請填寫製卡原因', 'Give the reason for this card'],
  ['cardRecord.field.reason', '原因', '原因', 'Reason'],
  ['cardRecord.field.issuedBy', '制卡人', '製卡人', 'Issued by'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
