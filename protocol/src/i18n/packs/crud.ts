// Strings of the console's shared list/form kit (web/src/ui/crud): toolbar, operation menu, paging, dialogs, checks.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['crud.search', '搜索', '搜尋', 'Search'],
  ['crud.reset', '重置', '重置', 'Reset'],
  ['crud.refresh', '刷新', '重新整理', 'Refresh'],
  ['crud.add', '新增', '新增', 'Add'],
  ['crud.edit', '修改', '修改', 'Edit'],
  ['crud.delete', '删除', '刪除', 'Delete'],
  ['crud.operation', '操作', '操作', 'Actions'],
  ['crud.more', '更多', '更多', 'More'],
  ['crud.save', '确定', '確定', 'OK'],
  ['crud.cancel', '取消', '取消', 'Cancel'],
  ['crud.addTitle', '新增{0}', '新增{0}', 'Add {0}'],
  ['crud.editTitle', '修改{0}', '修改{0}', 'Edit {0}'],
  ['crud.empty', '暂无数据', '暫無資料', 'No data'],
  ['crud.loading', '正在加载…', '正在載入…', 'Loading…'],
  ['crud.selected', '已选择 {0} 项', '已選擇 {0} 項', '{0} selected'],
  ['crud.selectAll', '全选', '全選', 'Select all'],
  ['crud.selectRow', '选择', '選擇', 'Select'],
  ['crud.pageSize', '{0} 条/页', '{0} 條/頁', '{0} / page'],
  ['crud.confirmDelete', '是否确认删除“{0}”？', '是否確認刪除「{0}」？', 'Delete "{0}"?'],
  [
    'crud.confirmDeleteMany',
    '是否确认删除选中的 {0} 项数据？',
    '是否確認刪除選中的 {0} 項資料？',
    'Delete the {0} selected records?',
  ],
  ['crud.yes', '是', '是', 'Yes'],
  ['crud.no', '否', '否', 'No'],
  ['crud.enabled', '启用', '啟用', 'Enabled'],
  ['crud.disabled', '停用', '停用', 'Disabled'],
  ['crud.all', '全部', '全部', 'All'],
  ['crud.choose', '请选择', '請選擇', 'Choose'],
  ['crud.lookup.placeholder', '输入名称查找', '輸入名稱查找', 'Type a name to search'],
  ['crud.lookup.none', '没有匹配的记录', '沒有匹配的記錄', 'Nothing matches'],
  ['crud.lookup.remove', '移除{0}', '移除{0}', 'Remove {0}'],
  ['crud.validation.integer', '{0}必须是整数', '{0}必須是整數', '{0} must be a whole number'],
  [
    'crud.validation.money',
    '{0}必须是不为负、最多两位小数的金额',
    '{0}必須是不為負、最多兩位小數的金額',
    '{0} must be an amount of at least 0 with at most 2 decimals',
  ],
  ['crud.validation.moneyTooLarge', '{0}金额过大', '{0}金額過大', '{0} is too large'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
