// Strings of the later administration slices (issue 17): general files, agents and sales, the personal center's
// sessions; server messages and console labels.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  // Personal center: sessions.
  ['entity.session', '登录会话', '登入會話', 'The session'],
  ['profile.sessionEnded', '已退出该会话', '已登出該會話', 'That session has been signed out'],
  ['adminMore.sessions.tab', '登录设备', '登入裝置', 'Signed-in devices'],
  ['adminMore.sessions.device', '设备', '裝置', 'Device'],
  ['adminMore.sessions.ip', 'IP 地址', 'IP 地址', 'IP address'],
  ['adminMore.sessions.signedIn', '登录时间', '登入時間', 'Signed in'],
  ['adminMore.sessions.lastSeen', '最近活动', '最近活動', 'Last seen'],
  ['adminMore.sessions.current', '当前会话', '目前會話', 'This session'],
  ['adminMore.sessions.signOut', '退出', '登出', 'Sign out'],
  [
    'adminMore.sessions.confirm',
    '确认退出该设备上的登录吗？',
    '確認登出該裝置上的登入嗎？',
    'Sign out the session on that device?',
  ],
  ['adminMore.sessions.none', '没有其他登录', '沒有其他登入', 'No other sessions'],
  // Files.
  ['menu.system.file', '文件管理', '檔案管理', 'Files'],
  [
    'sysFile.unknownKind',
    '不支持的文件类型，仅支持：{0}',
    '不支援的檔案類型，僅支援：{0}',
    'Unsupported file type; allowed: {0}',
  ],
  ['adminMore.file.fileName', '文件名', '檔案名', 'File name'],
  ['adminMore.file.category', '类型', '類型', 'Type'],
  ['adminMore.file.category.document', '文档', '文件', 'Document'],
  ['adminMore.file.category.image', '图片', '圖片', 'Image'],
  ['adminMore.file.category.licence', '营业执照', '營業執照', 'Licence'],
  ['adminMore.file.size', '大小', '大小', 'Size'],
  ['adminMore.file.owner', '上传者', '上傳者', 'Uploaded by'],
  ['adminMore.file.property', '门店', '門店', 'Property'],
  ['adminMore.file.platform', '平台', '平台', 'Platform'],
  ['adminMore.file.private', '私有', '私有', 'Private'],
  ['adminMore.file.public', '门店内公开', '門店內公開', 'Shared in the property'],
  ['adminMore.file.createTime', '上传时间', '上傳時間', 'Uploaded'],
  ['adminMore.file.upload', '上传文件', '上傳檔案', 'Upload a file'],
  ['adminMore.file.download', '下载', '下載', 'Download'],
  ['adminMore.file.visibility', '可见范围', '可見範圍', 'Visibility'],
  [
    'adminMore.file.hint',
    '支持图片、PDF、Office 文档和 ZIP，最大 {0} MB；按文件内容识别类型。',
    '支援圖片、PDF、Office 文件和 ZIP，最大 {0} MB；按檔案內容識別類型。',
    'Images, PDF, Office documents and ZIP up to {0} MB; the type is recognised by content.',
  ],
  [
    'adminMore.file.confirmDelete',
    '确认删除文件"{0}"吗？',
    '確認刪除檔案「{0}」嗎？',
    'Delete the file "{0}"?',
  ],
  // Agents and sales.
  ['agents.menu', '代理与销售', '代理與銷售', 'Agents and sales'],
  ['agents.menu.agent', '代理商', '代理商', 'Agents'],
  ['agents.menu.salesArea', '销售区域', '銷售區域', 'Sales areas'],
  ['agents.menu.salesManager', '销售经理', '銷售經理', 'Sales managers'],
  ['agents.entity.agent', '代理商', '代理商', 'The agent'],
  ['agents.entity.salesArea', '销售区域', '銷售區域', 'The sales area'],
  ['agents.entity.salesManager', '销售经理', '銷售經理', 'The sales manager'],
  [
    'agents.unknown',
    '{0} 指向的记录不存在',
    '{0} 指向的記錄不存在',
    '{0} names a record that does not exist',
  ],
  [
    'agents.managerNotPlatform',
    '销售经理必须是平台用户',
    '銷售經理必須是平台用戶',
    'A sales manager must be a platform user',
  ],
  ['agents.managerTaken', '该用户已是销售经理', '該用戶已是銷售經理', 'That user is already a sales manager'],
  ['agents.nameEmpty', '名称不能为空', '名稱不能為空', 'Name cannot be empty'],
  ['agents.nameTaken', '代理商"{0}"已存在', '代理商「{0}」已存在', 'The agent "{0}" already exists'],
  [
    'agents.regionTaken',
    '该区域已分配给代理商"{0}"',
    '該區域已分配給代理商「{0}」',
    'That region is already assigned to the agent "{0}"',
  ],
  ['agents.field.agentName', '代理商名称', '代理商名稱', 'Agent'],
  ['agents.field.contact', '联系人', '聯絡人', 'Contact'],
  ['agents.field.phone', '联系电话', '聯絡電話', 'Phone'],
  ['agents.field.address', '地址', '地址', 'Address'],
  ['agents.field.salesManager', '销售经理', '銷售經理', 'Sales manager'],
  ['agents.field.status', '状态', '狀態', 'Status'],
  ['agents.field.remark', '备注', '備註', 'Remark'],
  ['agents.field.areaCount', '销售区域数', '銷售區域數', 'Sales areas'],
  ['agents.field.propertyCount', '门店数', '門店數', 'Properties'],
  ['agents.field.region', '区域', '區域', 'Region'],
  ['agents.field.user', '平台用户', '平台用戶', 'Platform user'],
  ['agents.field.userName', '账号', '賬號', 'Account'],
  ['agents.field.nickName', '姓名', '姓名', 'Name'],
  ['agents.field.property', '门店', '門店', 'Property'],
  ['agents.assign.action', '分配门店', '分配門店', 'Assign a property'],
  ['agents.assign.entity', '门店分配', '門店分配', 'property assignment'],
  ['agents.status.0', '正常', '正常', 'Active'],
  ['agents.status.1', '停用', '停用', 'Disabled'],
  // Open API documentation.
  ['adminMore.doc.title', '开放接口文档', '開放介面文件', 'Open API documentation'],
  ['adminMore.doc.areas', '接口分区', '介面分區', 'Areas'],
  ['adminMore.doc.none', '没有分区"{0}"的接口', '沒有分區「{0}」的介面', 'No calls in the area "{0}"'],
  ['adminMore.doc.version', '版本 {0}', '版本 {0}', 'Version {0}'],
  ['adminMore.doc.auth', '认证', '認證', 'Authentication'],
  [
    'adminMore.doc.authText',
    '除公开接口外，每个请求都带 Authorization: Bearer <access_token>；令牌由 POST /auth/login（平台用户）或 POST /auth/userPwdLogin（门店员工）取得，有效期 43200 秒，使用中自动续期。返回 {code, msg, data}，列表为 {code, msg, rows, total}。',
    '除公開介面外，每個請求都帶 Authorization: Bearer <access_token>；令牌由 POST /auth/login（平台用戶）或 POST /auth/userPwdLogin（門店員工）取得，有效期 43200 秒，使用中自動續期。返回 {code, msg, data}，列表為 {code, msg, rows, total}。',
    'Except for public calls, every request carries Authorization: Bearer <access_token>, obtained from POST /auth/login (platform users) or POST /auth/userPwdLogin (property staff); it lasts 43200 s and slides while used. Answers are {code, msg, data}; lists {code, msg, rows, total}.',
  ],
  [
    'adminMore.doc.apiKeyText',
    '门店接口密钥：管理员调用 GET /pms/pmsProperty/createPmsApiSecretKeyCode/{id} 取得 10 分钟内有效的验证码，再用 GET /pms/pmsApi/getPmsApiSecretKey/{id}/{code} 取得以验证码哈希加密的密钥。',
    '門店介面密鑰：管理員呼叫 GET /pms/pmsProperty/createPmsApiSecretKeyCode/{id} 取得 10 分鐘內有效的驗證碼，再用 GET /pms/pmsApi/getPmsApiSecretKey/{id}/{code} 取得以驗證碼雜湊加密的密鑰。',
    "A property's API secret key: an administrator calls GET /pms/pmsProperty/createPmsApiSecretKeyCode/{id} for a code valid 10 minutes, then GET /pms/pmsApi/getPmsApiSecretKey/{id}/{code} answers the key encrypted with the code's hash.",
  ],
  ['adminMore.doc.call', '接口', '介面', 'Call'],
  ['adminMore.doc.access', '权限', '權限', 'Access'],
  ['adminMore.doc.inputs', '参数', '參數', 'Inputs'],
  ['adminMore.doc.public', '公开', '公開', 'Public'],
  ['adminMore.doc.signedIn', '登录即可', '登入即可', 'Any signed-in user'],
  ['adminMore.doc.userTypes', '用户类型 {0}', '用戶類型 {0}', 'user types {0}'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
