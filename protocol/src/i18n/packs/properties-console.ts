// Strings of the console's property screens: 'my properties' (SPEC §2.4), property settings and property
// administration (SPEC §3, §4, §5, §9).
import type { PackSet } from '../types.ts'

type Row = [key: string, zhCN: string, zhHK: string, enUS: string]

const rows: Row[] = [
  ['propertyConsole.code.edit', '修改', '修改', 'Edit'],
  ['propertyConsole.code.title', '修改门店编码', '修改門店編碼', 'Edit property code'],
  ['propertyConsole.code.placeholder', '请输入门店编码', '請輸入門店編碼', 'Enter the property code'],
  [
    'propertyConsole.code.required',
    '门店编码不能为空',
    '門店編碼不能為空',
    'The property code cannot be empty',
  ],
  [
    'propertyConsole.code.tooLong',
    '门店编码长度不能超过{0}个字符',
    '門店編碼長度不能超過{0}個字元',
    'The property code may hold at most {0} characters',
  ],
  ['propertyConsole.export.button', '导出', '匯出', 'Export'],
  ['propertyConsole.export.sheet', '门店列表', '門店列表', 'Properties'],
  ['propertyConsole.export.col.code', '门店编码', '門店編碼', 'Code'],
  ['propertyConsole.export.col.name', '门店名称', '門店名稱', 'Name'],
  ['propertyConsole.export.col.address', '地址', '地址', 'Address'],
  ['propertyConsole.export.col.type', '门店类型', '門店類型', 'Type'],
  ['propertyConsole.export.total', '合计', '合計', 'Total'],
  ['propertyConsole.export.totalCount', '{0} 家门店', '{0} 家門店', '{0} properties'],
  ['propertyConsole.export.noData', '没有可导出的数据', '沒有可匯出的數據', 'No data to export'],
  ['propertyConsole.export.success', '导出成功', '匯出成功', 'Export succeeded'],
  ['propertyConsole.export.failed', '导出失败', '匯出失敗', 'Export failed'],
  ['propertyConsole.apply', '申请成为客户', '申請成為客戶', 'Apply as a customer'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
