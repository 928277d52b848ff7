// The monthly report screen: one row per day of the month.
import { PeriodReportPage } from './PeriodReportPage.tsx'

export default function MonthlyReportPage() {
  return <PeriodReportPage kind="monthly" />
}
