// What the report tables show, as data: each row's label (a pack key and its parameters), its KPI footnote if any,
// and how to read its value out of a ReportFigures. The screens and the spreadsheet export both use these rows, so
// the file holds exactly what the table shows. Money is a money cell (shown formatted from cents, written to the file
// as a number), ratios text from their integer units.
import type { ReportFigures } from '@pms/protocol/api/reports'
import { FolioEntryKind, PaymentMethod } from '@pms/protocol/billing/index'
import { moneyCell, type SheetCell } from '@pms/protocol/format/sheet-cell'
import type { KpiName } from '@pms/protocol/reports/kpi'
import type { Translate } from '../i18n/translate.ts'

export interface FigureRow {
  key: string
  label: string
  params?: string[]
  /** The KPI whose definition is this row's footnote. */
  kpi?: KpiName
  value: (f: ReportFigures) => SheetCell
}

/** 2222 basis points → '22.22%'; null (nothing to divide by) → '-'. */
export function formatBp(bp: number | null): string {
  if (bp === null) return '-'
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`
}

/** 67 hundredths → '0.67'; null → '-'. */
export function formatHundredths(n: number | null): string {
  if (n === null) return '-'
  return `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`
}

/** An amount as a money cell; '-' when there is none (nothing to divide by). */
export const money = (cents: number | null): SheetCell => (cents === null ? '-' : moneyCell(cents))
const count = (n: number) => String(n)

// Every method a folio takes (the member's balance and points too) and every charge kind have a name in the packs.
const METHODS = new Set<string>(Object.values(PaymentMethod))
const KINDS = new Set<string>([
  FolioEntryKind.roomCharge,
  FolioEntryKind.overtimeCharge,
  FolioEntryKind.extraCharge,
])

/** The pack key of a payment method or revenue item, or the name itself ([label, raw]). */
export function methodLabel(name: string): [string, boolean] {
  return METHODS.has(name) ? [`billing.method.${name}`, false] : [name, true]
}
export function itemLabel(name: string): [string, boolean] {
  return KINDS.has(name) ? [`billing.kind.${name}`, false] : [name, true]
}

/** The KPI and count rows every report shows. */
export const SUMMARY_ROWS: FigureRow[] = [
  { key: 'inService', label: 'reports.row.roomsInService', value: (f) => count(f.roomsInService) },
  {
    key: 'available',
    label: 'reports.kpi.availableRoomNights',
    kpi: 'availableRoomNights',
    value: (f) => count(f.kpis.availableRoomNights),
  },
  {
    key: 'sold',
    label: 'reports.kpi.roomNightsSold',
    kpi: 'roomNightsSold',
    value: (f) => count(f.roomsSold),
  },
  { key: 'comp', label: 'reports.row.roomsComplimentary', value: (f) => count(f.roomsComplimentary) },
  { key: 'house', label: 'reports.row.roomsHouseUse', value: (f) => count(f.roomsHouseUse) },
  { key: 'ooo', label: 'reports.row.roomsOutOfOrder', value: (f) => count(f.roomsOutOfOrder) },
  { key: 'hourly', label: 'reports.row.hourlyStays', value: (f) => count(f.hourlyStays) },
  {
    key: 'occupancy',
    label: 'reports.kpi.occupancy',
    kpi: 'occupancy',
    value: (f) => formatBp(f.kpis.occupancyBp),
  },
  { key: 'adr', label: 'reports.kpi.adr', kpi: 'adr', value: (f) => money(f.kpis.adrCents) },
  { key: 'revpar', label: 'reports.kpi.revpar', kpi: 'revpar', value: (f) => money(f.kpis.revparCents) },
  {
    key: 'alos',
    label: 'reports.kpi.alos',
    kpi: 'alos',
    value: (f) => formatHundredths(f.kpis.alosHundredths),
  },
  { key: 'roomRevenue', label: 'reports.row.roomRevenue', value: (f) => money(f.roomRevenueCents) },
  { key: 'otherRevenue', label: 'reports.row.otherRevenue', value: (f) => money(f.otherRevenueCents) },
  { key: 'totalRevenue', label: 'reports.row.totalRevenue', value: (f) => money(f.totalRevenueCents) },
]

const TAIL_ROWS: FigureRow[] = [
  { key: 'recharge', label: 'reports.row.memberRecharge', value: (f) => money(f.memberRechargeCents) },
  { key: 'spent', label: 'reports.row.memberSpent', value: (f) => money(f.memberSpentCents) },
  { key: 'receivables', label: 'reports.row.receivables', value: (f) => money(f.receivablesCents) },
  { key: 'arrivals', label: 'reports.row.arrivals', value: (f) => count(f.arrivals) },
  { key: 'departures', label: 'reports.row.departures', value: (f) => count(f.departures) },
  { key: 'inHouse', label: 'reports.row.inHouseGuests', value: (f) => count(f.inHouseGuests) },
  { key: 'noShows', label: 'reports.row.noShows', value: (f) => count(f.noShows) },
  { key: 'cancellations', label: 'reports.row.cancellations', value: (f) => count(f.cancellations) },
  {
    key: 'cancellationRate',
    label: 'reports.kpi.cancellationRate',
    kpi: 'cancellationRate',
    value: (f) => formatBp(f.kpis.cancellationRateBp),
  },
]

type Breakdown = 'revenueByItem' | 'paymentsByMethod' | 'depositsByMethod' | 'refundsByMethod'

/** One row per name found in any column's breakdown, in name order. */
function breakdownRows(
  columns: ReportFigures[],
  by: Breakdown,
  label: string,
  name: (n: string) => [string, boolean],
): FigureRow[] {
  const names = [...new Set(columns.flatMap((c) => Object.keys(c[by])))].sort()
  return names.map((n) => {
    const [key, raw] = name(n)
    return {
      key: `${by}:${n}`,
      label,
      // A raw name is shown as it is; a pack key is translated by the screen (marked with a leading '@').
      params: [raw ? key : `@${key}`],
      value: (f) => money(f[by][n] ?? 0),
    }
  })
}

/** The daily report's rows, over the columns it shows (breakdown rows for every name any column has). */
export function dailyRows(columns: ReportFigures[]): FigureRow[] {
  return [
    ...SUMMARY_ROWS,
    ...breakdownRows(columns, 'revenueByItem', 'reports.row.revenueItem', itemLabel),
    ...breakdownRows(columns, 'paymentsByMethod', 'reports.row.payment', methodLabel),
    ...breakdownRows(columns, 'depositsByMethod', 'reports.row.deposit', methodLabel),
    ...breakdownRows(columns, 'refundsByMethod', 'reports.row.refund', methodLabel),
    ...TAIL_ROWS,
  ]
}

/** The columns of a monthly or annual report's table: a row per day or month. */
export const PERIOD_COLUMNS: FigureRow[] = SUMMARY_ROWS.filter((r) =>
  ['sold', 'available', 'occupancy', 'adr', 'revpar', 'roomRevenue', 'otherRevenue', 'totalRevenue'].includes(
    r.key,
  ),
)

/** A row's label in the current language (parameters marked '@' are pack keys). */
export function labelOf(t: Translate, row: Pick<FigureRow, 'label' | 'params'>): string {
  return t(
    row.label,
    row.params?.map((p) => (p.startsWith('@') ? t(p.slice(1)) : p)),
  )
}
