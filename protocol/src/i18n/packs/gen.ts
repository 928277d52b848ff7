// Strings of the code generation config (issue 17, /gen/edit/:tableId): the system tools menu, the server's messages
// and the console's list, import dialog, editor and preview.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['menu.tool', '系统工具', '系統工具', 'System tools'],
  ['menu.tool.gen', '代码生成', '代碼生成', 'Code generation'],
  ['entity.genTable', '生成配置', '生成配置', 'The generation config'],
  ['gen.unknownTable', '数据库中没有表 {0}', '資料庫中沒有表 {0}', 'The database has no table {0}'],
  ['gen.alreadyImported', '表 {0} 已导入', '表 {0} 已匯入', 'The table {0} is already imported'],
  [
    'gen.needIntegerKey',
    '表 {0} 需要唯一一个整数主键才能生成增删改查资源',
    '表 {0} 需要唯一一個整數主鍵才能生成增刪改查資源',
    'The table {0} needs exactly one integer primary key to be a plain resource',
  ],
  [
    'gen.kindNotFor',
    '字段 {0}：{1}不适用于 {2} 类型的列',
    '欄位 {0}：{1}不適用於 {2} 類型的列',
    'Column {0}: {1} does not suit a column of type {2}',
  ],
  [
    'gen.likeNeedsText',
    '字段 {0}：模糊查询只适用于文本',
    '欄位 {0}：模糊查詢只適用於文字',
    'Column {0}: a "contains" search needs a text input',
  ],
  ['gen.unknownColumn', '列 {0} 不属于该表', '列 {0} 不屬於該表', 'The column {0} is not one of this table'],
  ['gen.fieldTaken', '属性名 {0} 重复', '屬性名 {0} 重複', 'The field name {0} is used twice'],
  [
    'gen.reservedName',
    '业务名 {0} 是保留字，不能作为变量名',
    '業務名 {0} 是保留字，不能作為變數名',
    'The business name {0} is a reserved word and cannot name a variable',
  ],
  [
    'gen.fieldFixed',
    '列 {0} 已在 Drizzle 模式中声明为 {1}，属性名不能更改',
    '列 {0} 已在 Drizzle 模式中宣告為 {1}，屬性名不能更改',
    'The column {0} is declared in the Drizzle schema as {1}: its field name cannot change',
  ],
  ['gen.imported', '导入成功', '匯入成功', 'Imported'],
  ['gen.kind.text', '文本框', '文字框', 'Text box'],
  ['gen.kind.textarea', '文本域', '文字區域', 'Text area'],
  ['gen.kind.integer', '整数', '整數', 'Whole number'],
  ['gen.kind.money', '金额', '金額', 'Amount of money'],
  ['gen.kind.switch', '开关', '開關', 'Switch'],
  ['gen.kind.date', '日期', '日期', 'Date'],
  ['gen.queryType.eq', '等于', '等於', 'equals'],
  ['gen.queryType.like', '包含', '包含', 'contains'],
  ['gen.tableName', '表名称', '表名稱', 'Table'],
  ['gen.tableComment', '表描述', '表描述', 'Description'],
  ['gen.businessName', '业务名', '業務名', 'Business name'],
  ['gen.functionName', '功能名', '功能名', 'Function name'],
  ['gen.moduleName', '模块', '模組', 'Module'],
  ['gen.permissionPrefix', '权限前缀', '權限前綴', 'Permission prefix'],
  ['gen.updateTime', '更新时间', '更新時間', 'Updated'],
  ['gen.import', '导入', '匯入', 'Import'],
  ['gen.importTitle', '导入数据库表', '匯入資料庫表', 'Import tables of the database'],
  ['gen.importNone', '没有可导入的表', '沒有可匯入的表', 'No table left to import'],
  ['gen.importPick', '请选择要导入的表', '請選擇要匯入的表', 'Choose the tables to import'],
  ['gen.search', '搜索', '搜尋', 'Search'],
  ['gen.edit', '编辑', '編輯', 'Edit'],
  ['gen.preview', '预览', '預覽', 'Preview'],
  ['gen.download', '下载', '下載', 'Download'],
  ['gen.save', '保存', '儲存', 'Save'],
  ['gen.back', '返回', '返回', 'Back'],
  ['gen.close', '关闭', '關閉', 'Close'],
  ['gen.tableInfo', '基本信息', '基本資料', 'Table'],
  ['gen.columns', '字段信息', '欄位資料', 'Columns'],
  ['gen.column.name', '列名', '列名', 'Column'],
  ['gen.column.type', '类型', '類型', 'Type'],
  ['gen.column.comment', '描述', '描述', 'Description'],
  ['gen.column.field', '属性名', '屬性名', 'Field name'],
  ['gen.column.required', '必填', '必填', 'Required'],
  ['gen.column.list', '列表', '列表', 'List'],
  ['gen.column.query', '查询', '查詢', 'Search'],
  ['gen.column.queryType', '查询方式', '查詢方式', 'Match'],
  ['gen.column.form', '表单', '表單', 'Form'],
  ['gen.column.kind', '输入方式', '輸入方式', 'Input'],
  ['gen.previewTitle', '代码预览', '代碼預覽', 'Preview of the code'],
  [
    'gen.previewNote',
    '生成的源代码供开发者放入代码库；预览与下载不会改变正在运行的系统。',
    '生成的原始碼供開發者放入代碼庫；預覽與下載不會改變正在運行的系統。',
    'The source is for a developer to add to the code base; previewing or downloading changes nothing in the running system.',
  ],
  ['gen.file.server', '服务端 defineCrud', '伺服器 defineCrud', 'Server: defineCrud'],
  ['gen.file.web', '控制台 CrudScreen', '控制台 CrudScreen', 'Console: CrudScreen'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
