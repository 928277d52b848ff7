// The annual report screen: one row per month of the year.
import { PeriodReportPage } from './PeriodReportPage.tsx'

export default function AnnualReportPage() {
  return <PeriodReportPage kind="annual" />
}
