// The names of request fields as a Chinese reader reads them in an error message ('证件号码不是有效的身份证号', not
// 'idNo不是有效的身份证号'). The server's error messages name a field by its API name; in zh-CN and zh-HK a name listed
// here is replaced by its label (server/src/http/language.ts `fieldLabel`). English messages keep the API names the
// catalogue uses; the en-US column is the label a console may show.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]: the three languages side by side so none can fall behind.
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['field.idNo', '证件号码', '證件號碼', 'ID number'],
  ['field.idType', '证件类型', '證件類型', 'ID type'],
  ['field.phone', '手机号', '手機號碼', 'Phone'],
  ['field.phonenumber', '手机号码', '手機號碼', 'Phone number'],
  ['field.contactPhone', '联系电话', '聯絡電話', 'Contact phone'],
  ['field.contactName', '联系人', '聯絡人', 'Contact'],
  ['field.name', '姓名', '姓名', 'Name'],
  ['field.email', '邮箱', '電郵', 'Email'],
  ['field.userName', '用户名', '用戶名', 'User name'],
  ['field.nickName', '昵称', '暱稱', 'Nickname'],
  ['field.password', '密码', '密碼', 'Password'],
  ['field.birthday', '生日', '生日', 'Birthday'],
  ['field.expireDate', '有效期至', '有效期至', 'Valid until'],
  ['field.startTime', '开始时间', '開始時間', 'Start time'],
  ['field.endTime', '结束时间', '結束時間', 'End time'],
  ['field.beginTime', '开始时间', '開始時間', 'Start time'],
  ['field.beginDate', '开始日期', '開始日期', 'Start date'],
  ['field.endDate', '结束日期', '結束日期', 'End date'],
  ['field.beginPeriod', '开始期间', '開始期間', 'First period'],
  ['field.endPeriod', '结束期间', '結束期間', 'Last period'],
  ['field.period', '会计期间', '會計期間', 'Period'],
  ['field.voucherDate', '凭证日期', '憑證日期', 'Voucher date'],
  ['field.businessDate', '营业日', '營業日', 'Business date'],
  ['field.month', '月份', '月份', 'Month'],
  ['field.year', '年份', '年份', 'Year'],
  ['field.nights', '晚数', '晚數', 'Nights'],
  ['field.hours', '钟点数', '鐘點數', 'Hour units'],
  ['field.reason', '原因', '原因', 'Reason'],
  ['field.remark', '备注', '備註', 'Remark'],
  ['field.amountCents', '金额', '金額', 'Amount'],
  ['field.priceCents', '价格', '價格', 'Price'],
  ['field.typeName', '房型名称', '房型名稱', 'Room type name'],
  ['field.roomNo', '房号', '房號', 'Room number'],
  ['field.roomId', '房间', '房間', 'Room'],
  ['field.roomTypeId', '房型', '房型', 'Room type'],
  ['field.orderId', '订单', '訂單', 'Order'],
  ['field.configKey', '参数键名', '參數鍵名', 'Setting key'],
  ['field.subjectId', '科目', '科目', 'Subject'],
  ['field.method', '支付方式', '支付方式', 'Payment method'],
  ['field.uid', '卡号', '卡號', 'Card UID'],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
