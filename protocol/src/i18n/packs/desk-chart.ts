// Strings of the desk's room status chart and its rules (room states that follow the stays, today's arrivals and
// departures on the tiles, room-type availability, guest phones and stay length).
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]: the three languages side by side so none can fall behind.
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  [
    'deskChart.state.followsStay',
    '房间 {0} 有在住客人，入住状态随住宿变化，不能手动更改（请办理退房或换房）',
    '房間 {0} 有在住客人，入住狀態隨住宿變化，不能手動更改（請辦理退房或換房）',
    'Room {0} has a guest in house: its occupancy follows the stay and cannot be changed by hand (check out or change room)',
  ],
  [
    'deskChart.phoneMainland',
    '{0}应为11位手机号码（1开头，第二位3-9）',
    '{0}應為11位手機號碼（1開頭，第二位3-9）',
    '{0} must be an 11-digit mainland mobile number (1, then 3-9), or start with its area code (+852 …)',
  ],
  [
    'deskChart.phoneLength',
    '{0}长度应为{1}至{2}位',
    '{0}長度應為{1}至{2}位',
    '{0} must have {1} to {2} digits after its area code',
  ],
  ['deskChart.phoneAreaCode', '{0}的区号不存在', '{0}的區號不存在', '{0} has an unknown area code'],
  [
    'deskChart.nightsRange',
    '入住晚数应在 1 至 {1} 晚之间（{0}）',
    '入住晚數應在 1 至 {1} 晚之間（{0}）',
    'Nights must be from 1 to {1} ({0}); longer stays need the property’s long-stay setting',
  ],
  [
    'deskChart.typeSoldOut',
    '{0} 在 {1} 已无可订房间（共 {2} 间可售）',
    '{0} 在 {1} 已無可訂房間（共 {2} 間可售）',
    'No {0} room is left on {1} ({2|room|rooms} for sale)',
  ],
  ['deskChart.field.reason', '原因', '原因', 'Reason'],
  ['deskChart.arriving', '今日到店', '今日到店', 'Arriving today'],
  ['deskChart.dueOut', '今日离店', '今日離店', 'Due out today'],
  ['deskChart.overdue', '超时未退', '超時未退', 'Overdue'],
  ['deskChart.inHouse', '在住', '在住', 'In house'],
  ['deskChart.nights', '{0}晚', '{0}晚', '{0|night|nights}'],
  ['deskChart.until', '至 {0}', '至 {0}', 'until {0}'],
  ['deskChart.balance', '欠款 {0}', '欠款 {0}', 'Owes {0}'],
  ['deskChart.held', '押金余 {0}', '按金餘 {0}', 'Holds {0}'],
  ['deskChart.confirmTitle', '房间 {0}：{1}', '房間 {0}：{1}', 'Room {0}: {1}'],
  [
    'deskChart.confirmText',
    '确定将房间 {0} {1}吗？',
    '確定將房間 {0} {1}嗎？',
    'Do you want to {1} for room {0}?',
  ],
  [
    'deskChart.reasonHint',
    '锁房和维修需要填写原因',
    '鎖房和維修需要填寫原因',
    'Locking and maintenance need a reason',
  ],
  ['deskChart.confirm', '确定', '確定', 'Confirm'],
  ['deskChart.cancel', '取消', '取消', 'Cancel'],
  ['deskChart.checkInArrival', '办理入住', '辦理入住', 'Check in'],
  ['deskChart.arrivalOf', '预订 {0}：{1}', '預訂 {0}：{1}', 'Reservation {0}: {1}'],
  ['deskChart.menu.arrivals', '今日到店', '今日到店', 'Arrivals today'],
  ['deskChart.menu.departures', '今日离店', '今日離店', 'Departures today'],
  ['deskChart.today.title', '今日概览', '今日概覽', 'Today'],
  ['deskChart.today.arrivals', '预计到店', '預計到店', 'Arrivals'],
  ['deskChart.today.departures', '预计离店', '預計離店', 'Departures'],
  ['deskChart.today.inHouse', '在住房间', '在住房間', 'Rooms in house'],
  ['deskChart.today.vacant', '空房', '空房', 'Vacant rooms'],
  ['deskChart.today.none', '今日没有记录', '今日沒有記錄', 'Nothing today'],
  ['deskChart.col.orderNo', '订单号', '訂單號', 'Order'],
  ['deskChart.col.guest', '客人', '客人', 'Guest'],
  ['deskChart.col.phone', '电话', '電話', 'Phone'],
  ['deskChart.col.room', '房间', '房間', 'Room'],
  ['deskChart.col.time', '时间', '時間', 'Time'],
  ['deskChart.col.balance', '余额', '餘額', 'Balance'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
