// Server messages of property administration (SPEC §3, §4, §5, §7): codes, authorisation, photos, configuration,
// API secret keys and custom params.
import type { PackSet } from '../types.ts'

type Row = [key: string, zhCN: string, zhHK: string, enUS: string]

const rows: Row[] = [
  ['property.menu', '门店管理', '門店管理', 'Properties'],
  ['entity.customParams', '门店自定义参数', '門店自訂參數', 'The custom params'],
  [
    'property.codeTaken',
    '门店编码“{0}”已被使用',
    '門店編碼「{0}」已被使用',
    'The property code "{0}" is already taken',
  ],
  [
    'property.unknownType',
    '{0}：未知的门店类型 {1}',
    '{0}：未知的門店類型 {1}',
    '{0}: unknown property type {1}',
  ],
  [
    'property.notRegisteredUser',
    '{0}：用户 {1} 不是注册用户',
    '{0}：用戶 {1} 不是註冊用戶',
    '{0}: user {1} is not a registered user',
  ],
  [
    'property.sameAdmin',
    '{0}：新管理员不能与原管理员相同',
    '{0}：新管理員不能與原管理員相同',
    '{0}: the new admin must differ from the old one',
  ],
  [
    'property.notAdmin',
    '{0}：用户 {1} 不是该门店的管理员',
    '{0}：用戶 {1} 不是該門店的管理員',
    '{0}: user {1} is not an admin of this property',
  ],
  [
    'property.hasRooms',
    '门店“{0}”下仍有 {1} 间房，请先删除房间',
    '門店「{0}」下仍有 {1} 間房，請先刪除房間',
    'The property "{0}" still has {1|room|rooms}; delete its rooms first',
  ],
  ['property.auth.state.0', '未认证', '未認證', 'unauthorized'],
  ['property.auth.state.1', '待审核', '待審核', 'to be reviewed'],
  ['property.auth.state.2', '已认证', '已認證', 'authorized'],
  ['property.auth.state.3', '已拒绝', '已拒絕', 'refused'],
  ['property.auth.action.apply', '申请认证', '申請認證', 'apply'],
  ['property.auth.action.authorize', '审核通过', '審核通過', 'authorize'],
  ['property.auth.action.refuse', '审核拒绝', '審核拒絕', 'refuse'],
  [
    'property.auth.notAllowed',
    '门店当前为“{1}”状态，不能{0}',
    '門店當前為「{1}」狀態，不能{0}',
    'Cannot {0}: the property is {1}',
  ],
  ['property.auth.applied', '已提交认证申请', '已提交認證申請', 'The application was submitted'],
  [
    'property.auth.remarkRequired',
    '拒绝认证时必须填写{0}（备注）',
    '拒絕認證時必須填寫{0}（備註）',
    'A {0} is required when refusing',
  ],
  [
    'property.device.noSource',
    '{0}：未设置数据源，不能同步门锁',
    '{0}：未設定資料來源，不能同步門鎖',
    '{0}: no data source is set, locks cannot be synced',
  ],
  ['property.device.noModel', '{0}：请选择门锁型号', '{0}：請選擇門鎖型號', '{0}: choose the lock model'],
  [
    'property.tooManyPhotos',
    '每个门店最多 {0} 张图片',
    '每個門店最多 {0} 張圖片',
    'A property holds at most {0} photos',
  ],
  [
    'property.secretCode.wrong',
    '验证码错误，请重新获取',
    '驗證碼錯誤，請重新獲取',
    'The code is wrong; ask for a new one',
  ],
  [
    'property.secretCode.expired',
    '验证码已过期（有效期 {0} 分钟），请重新获取',
    '驗證碼已過期（有效期 {0} 分鐘），請重新獲取',
    'The code has expired (valid {0|minute|minutes}); ask for a new one',
  ],
  [
    'property.customParams.propertyIdRequired',
    '门店ID不能为空',
    '門店ID不能為空',
    'property ID cannot be empty',
  ],
  [
    'property.customParams.typeRequired',
    '配置类型不能为空',
    '配置類型不能為空',
    'config type cannot be empty',
  ],
  [
    'property.customParams.badJson',
    '{0}必须是 JSON 对象或数组',
    '{0}必須是 JSON 物件或陣列',
    '{0} must be a JSON object or array',
  ],
  [
    'property.customParams.multipleNotForComponent',
    '多参数不支持完全自定义组件（{0}）：请保存为一个参数对象',
    '多參數不支援完全自訂組件（{0}）：請儲存為一個參數物件',
    'Multiple parameters do not support fully customized components ({0}): save one params object',
  ],
]

export default {
  'zh-CN': Object.fromEntries(rows.map((r) => [r[0], r[1]])),
  'zh-HK': Object.fromEntries(rows.map((r) => [r[0], r[2]])),
  'en-US': Object.fromEntries(rows.map((r) => [r[0], r[3]])),
} satisfies PackSet
