// Strings of the console's room status chart (SPEC §2.9, §4).
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]: the three languages side by side so none can fall behind.
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['roomStatus.menu', '房态图', '房態圖', 'Room status'],
  ['roomStatus.title', '房态图', '房態圖', 'Room status chart'],
  ['roomStatus.state.empty', '空房', '空房', 'Vacant'],
  ['roomStatus.state.full', '满房', '滿房', 'Occupied'],
  ['roomStatus.state.notFull', '未满', '未滿', 'Part occupied'],
  ['roomStatus.state.dirty', '脏房', '髒房', 'Dirty'],
  ['roomStatus.state.locked', '锁房', '鎖房', 'Locked'],
  ['roomStatus.state.maintain', '维修', '維修', 'Maintenance'],
  ['roomStatus.allStates', '全部', '全部', 'All'],
  ['roomStatus.allTypes', '全部房型', '全部房型', 'All room types'],
  ['roomStatus.roomType', '房型', '房型', 'Room type'],
  [
    'roomStatus.shown',
    '共 {total} 间，显示 {shown} 间',
    '共 {total} 間，顯示 {shown} 間',
    'Showing {shown} of {total|room|rooms}',
  ],
  ['roomStatus.floor', '{0} 层', '{0} 樓', 'Floor {0}'],
  ['roomStatus.floorRooms', '{0} 间', '{0} 間', '{0|room|rooms}'],
  ['roomStatus.refresh', '刷新', '刷新', 'Refresh'],
  ['roomStatus.noMatch', '没有符合条件的房间', '沒有符合條件的房間', 'No room matches these filters'],
  ['roomStatus.noRooms', '当前门店还没有房间', '當前門店還沒有房間', 'This property has no rooms yet'],
  ['roomStatus.noProperty', '请先选择门店', '請先選擇門店', 'Choose a property first'],
  ['roomStatus.actions', '房间 {0} 的房态操作', '房間 {0} 的房態操作', 'State actions of room {0}'],
  ['roomStatus.set', '设为{0}', '設為{0}', 'Set {0}'],
  ['roomStatus.cancel', '取消{0}', '取消{0}', 'Cancel {0}'],
  ['roomStatus.setLongTerm', '设为{0}（长期停用）', '設為{0}（長期停用）', 'Set {0} (long-term closure)'],
  ['roomStatus.changed', '房间 {0}：{1}', '房間 {0}：{1}', 'Room {0}: {1}'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
