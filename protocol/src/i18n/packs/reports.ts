// Strings of the reports (issue 14): the KPI footnotes (one definition, protocol/src/reports/kpi.ts), the report
// screens' rows and columns, and the menu.
import type { PackSet } from '../types.ts'

// [key, zh-CN, zh-HK, en-US]
type Row = readonly [string, string, string, string]
const rows: Row[] = [
  ['reports.menu.root', '报表', '報表', 'Reports'],
  ['reports.menu.daily', '营业日报', '營業日報', 'Business daily report'],
  ['reports.menu.monthly', '营业月报', '營業月報', 'Monthly report'],
  ['reports.menu.annual', '营业年报', '營業年報', 'Annual report'],
  ['reports.menu.income', '收入报表', '收入報表', 'Income report'],
  ['reports.income.title', '收入报表', '收入報表', 'Income report'],
  ['reports.pick.begin', '开始营业日', '開始營業日', 'From'],
  ['reports.pick.end', '结束营业日', '結束營業日', 'To'],
  ['reports.col.received', '实收：{0}', '實收：{0}', 'Received: {0}'],
  ['reports.col.receivedTotal', '实收合计', '實收合計', 'Received in total'],
  [
    'reports.income.note',
    '实收 = 收款 + 押金 − 退款，按营业日和支付方式；收入按项目。合计与账单明细逐分核对。',
    '實收 = 收款 + 押金 − 退款，按營業日和支付方式；收入按項目。合計與賬單明細逐分核對。',
    'Received = payments + deposits − refunds, by business date and method; revenue by item. Totals reconcile with the folio to the cent.',
  ],
  ['reports.chart.byMethod', '实收按支付方式', '實收按支付方式', 'Received by method'],
  // KPI names and footnotes
  ['reports.kpi.roomNightsSold', '售出间夜', '售出間夜', 'Room-nights sold'],
  [
    'reports.kpi.roomNightsSold.note',
    '按房费计费的在住间夜（夜审入账、房价大于 0）；免费房和自用房另计，钟点房不计入间夜。',
    '按房費計費的在住間夜（夜審入賬、房價大於 0）；免費房和自用房另計，鐘點房不計入間夜。',
    'Nights of stays charged as rooms (the night audit’s room charge, price above 0); complimentary and house use are counted apart; hourly stays are not room-nights.',
  ],
  ['reports.kpi.availableRoomNights', '可售间夜', '可售間夜', 'Available room-nights'],
  [
    'reports.kpi.availableRoomNights.note',
    '在用客房 × 夜数。规则：{0}',
    '在用客房 × 夜數。規則：{0}',
    'Rooms in service × nights. Rule: {0}',
  ],
  [
    'reports.rule.deductOutOfOrder',
    '扣除所有维修、锁定房（默认）',
    '扣除所有維修、鎖定房（默認）',
    'every out-of-order room (maintenance, locked) deducted (default)',
  ],
  [
    'reports.rule.usali',
    'USALI：只扣除长期停用房，维修、锁定房仍计入可售',
    'USALI：只扣除長期停用房，維修、鎖定房仍計入可售',
    'USALI: only long-term closures deducted; out-of-order rooms stay available',
  ],
  ['reports.kpi.occupancy', '出租率', '出租率', 'Occupancy'],
  [
    'reports.kpi.occupancy.note',
    '售出间夜 ÷ 可售间夜',
    '售出間夜 ÷ 可售間夜',
    'Room-nights sold ÷ available room-nights',
  ],
  ['reports.kpi.adr', '平均房价', '平均房價', 'ADR'],
  [
    'reports.kpi.adr.note',
    '平均房价（ADR）= 房费收入 ÷ 售出间夜',
    '平均房價（ADR）= 房費收入 ÷ 售出間夜',
    'Average daily rate = room revenue ÷ room-nights sold',
  ],
  ['reports.kpi.revpar', '每间可售房收入', '每間可售房收入', 'RevPAR'],
  [
    'reports.kpi.revpar.note',
    'RevPAR = 房费收入 ÷ 可售间夜（= 平均房价 × 出租率）',
    'RevPAR = 房費收入 ÷ 可售間夜（= 平均房價 × 出租率）',
    'Revenue per available room = room revenue ÷ available room-nights (= ADR × occupancy)',
  ],
  ['reports.kpi.alos', '平均住店天数', '平均住店天數', 'Average length of stay'],
  [
    'reports.kpi.alos.note',
    '售出间夜 ÷ 期内入住的过夜住客（入住数减钟点房）',
    '售出間夜 ÷ 期內入住的過夜住客（入住數減鐘點房）',
    'Room-nights sold ÷ nightly stays that arrived in the period (arrivals less hourly stays)',
  ],
  ['reports.kpi.cancellationRate', '取消率', '取消率', 'Cancellation rate'],
  [
    'reports.kpi.cancellationRate.note',
    '取消数 ÷（入住 + 未到 + 取消）',
    '取消數 ÷（入住 + 未到 + 取消）',
    'Cancellations ÷ (arrivals + no-shows + cancellations)',
  ],
  // Rows of the reports
  ['reports.row.roomsInService', '在用客房', '在用客房', 'Rooms in service'],
  ['reports.row.roomsComplimentary', '免费房', '免費房', 'Complimentary'],
  ['reports.row.roomsHouseUse', '自用房', '自用房', 'House use'],
  ['reports.row.roomsOutOfOrder', '维修/锁定房', '維修/鎖定房', 'Out of order'],
  ['reports.row.hourlyStays', '钟点房', '鐘點房', 'Hourly stays'],
  ['reports.row.roomRevenue', '房费收入', '房費收入', 'Room revenue'],
  ['reports.row.otherRevenue', '其他收入', '其他收入', 'Other revenue'],
  ['reports.row.totalRevenue', '总收入', '總收入', 'Total revenue'],
  ['reports.row.revenueItem', '收入：{0}', '收入：{0}', 'Revenue: {0}'],
  ['reports.row.payment', '收款：{0}', '收款：{0}', 'Payments: {0}'],
  ['reports.row.deposit', '押金收取：{0}', '押金收取：{0}', 'Deposits received: {0}'],
  ['reports.row.refund', '退款：{0}', '退款：{0}', 'Refunds: {0}'],
  ['reports.row.memberRecharge', '会员充值', '會員充值', 'Member recharges'],
  ['reports.row.memberSpent', '会员余额消费', '會員餘額消費', 'Member balance spent'],
  ['reports.row.receivables', '应收未收', '應收未收', 'Receivables outstanding'],
  ['reports.row.arrivals', '入住', '入住', 'Arrivals'],
  ['reports.row.departures', '离店', '離店', 'Departures'],
  ['reports.row.inHouseGuests', '在住客人', '在住客人', 'In-house guests'],
  ['reports.row.noShows', '未到', '未到', 'No-shows'],
  ['reports.row.cancellations', '取消', '取消', 'Cancellations'],
  // Columns of the daily report
  ['reports.col.figure', '项目', '項目', 'Figure'],
  ['reports.col.today', '本日', '本日', 'Today'],
  ['reports.col.monthToDate', '本月累计', '本月累計', 'Month to date'],
  ['reports.col.yearToDate', '本年累计', '本年累計', 'Year to date'],
  ['reports.col.lastYear', '去年同日', '去年同日', 'Same day last year'],
  ['reports.col.monthToDateLastYear', '去年同期月累计', '去年同期月累計', 'MTD last year'],
  ['reports.col.date', '营业日', '營業日', 'Business date'],
  ['reports.col.month', '月份', '月份', 'Month'],
  ['reports.total', '合计', '合計', 'Total'],
  // Screens
  ['reports.daily.title', '营业日报', '營業日報', 'Business daily report'],
  ['reports.monthly.title', '营业月报', '營業月報', 'Monthly report'],
  ['reports.annual.title', '营业年报', '營業年報', 'Annual report'],
  ['reports.pick.date', '营业日', '營業日', 'Business date'],
  ['reports.pick.month', '月份', '月份', 'Month'],
  ['reports.pick.year', '年份', '年份', 'Year'],
  ['reports.show', '查询', '查詢', 'Show'],
  ['reports.export', '导出', '導出', 'Export'],
  ['reports.print', '打印', '打印', 'Print'],
  [
    'reports.provisional',
    '营业日 {0} 尚未夜审：数据为实时计算的临时数，夜审后以冻结数为准；房费在夜审时入账。',
    '營業日 {0} 尚未夜審：數據為實時計算的臨時數，夜審後以凍結數為準；房費在夜審時入賬。',
    'Business date {0} is not closed yet: its figures are provisional, computed live; room charges are posted by the night audit.',
  ],
  ['reports.noData', '该期间没有营业数据', '該期間沒有營業數據', 'No business figures for this period'],
  ['reports.chart.occupancy', '出租率', '出租率', 'Occupancy'],
  ['reports.chart.revenue', '总收入', '總收入', 'Total revenue'],
  ['reports.chart.byItem', '本日收入构成', '本日收入構成', 'Revenue by item today'],
  ['reports.notes', '指标说明', '指標說明', 'How each figure is defined'],
  ['reports.export.empty', '没有可导出的数据', '沒有可導出的數據', 'No data to export'],
  ['reports.export.success', '导出成功', '導出成功', 'Export succeeded'],
  ['reports.export.failed', '导出失败', '導出失敗', 'Export failed'],
  // Server messages
  [
    'reports.badRange',
    '{0}：期间须从开始日到结束日，最长 {1} 天',
    '{0}：期間須從開始日到結束日，最長 {1} 天',
    '{0}: the period must run from the start to the end date, {1} days at most',
  ],
  [
    'reports.futureDate',
    '{0}：营业日 {1} 尚未开始',
    '{0}：營業日 {1} 尚未開始',
    '{0}: business date {1} has not begun',
  ],
]

function column(index: 1 | 2 | 3): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r[0], r[index]]))
}

export default { 'zh-CN': column(1), 'zh-HK': column(2), 'en-US': column(3) } satisfies PackSet
