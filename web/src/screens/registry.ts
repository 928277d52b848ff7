// Server `component` names (and the console's own routes) mapped to lazily loaded screens.
// Add a screen here when it is built; until then its menu entry is hidden and its path answers 404.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { ScreenProps } from './props.ts'

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>

/** A lazily loaded screen that can also start its download early (the first page, before the shell is up). */
export type Screen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload: Loader }

function screen(load: Loader): Screen {
  return Object.assign(lazy(load), { preload: load })
}

/** One of the nine catalogue dictionary screens, all in one module. */
type DictionaryPages = typeof import('../catalogue/DictionaryPage.tsx')
const dictionary = (pick: (m: DictionaryPages) => ComponentType<ScreenProps>) =>
  screen(() => import('../catalogue/DictionaryPage.tsx').then((m) => ({ default: pick(m) })))

/** The four public binding QR code pages, all in one module. */
type QrPages = typeof import('../devices/qrcode/QrLabelsPage.tsx')
const qrPage = (pick: (m: QrPages) => ComponentType<ScreenProps>) =>
  screen(() => import('../devices/qrcode/QrLabelsPage.tsx').then((m) => ({ default: pick(m) })))

export const screens: Record<string, Screen> = {
  'login/index': screen(() => import('../login/LoginPage.tsx')),
  'login/admin': screen(() => import('../login/AdminLoginPage.tsx')),
  'register/index': screen(() => import('../login/RegisterPage.tsx')),
  'private/index': screen(() => import('../pages/PrivacyPage.tsx')),
  'error/404': screen(() => import('../pages/NotFoundPage.tsx')),
  'error/401': screen(() => import('../pages/UnauthorizedPage.tsx')),
  redirect: screen(() => import('../pages/RedirectPage.tsx')),
  index: screen(() => import('../home/HomePage.tsx')),
  'system/user/profile/index': screen(() => import('../profile/ProfilePage.tsx')),
  'system/user/index': screen(() => import('../system/users/UserPage.tsx')),
  'system/role/index': screen(() => import('../system/roles/RolePage.tsx')),
  'system/menu/index': screen(() => import('../system/menus/MenuPage.tsx')),
  'system/dict/index': screen(() => import('../system/dicts/DictTypePage.tsx')),
  'system/dict/data/index': screen(() => import('../system/dicts/DictDataPage.tsx')),
  'system/config/index': screen(() => import('../system/config/ConfigPage.tsx')),
  'system/sysLanguage/index': screen(() => import('../system/languages/LanguagePage.tsx')),
  'system/record/index': screen(() => import('../system/records/RecordPage.tsx')),
  'system/appVersion/index': screen(() => import('../system/app-versions/AppVersionPage.tsx')),
  'file/index': screen(() => import('../system/app-versions/FileDownloadPage.tsx')),
  'doc/open': screen(() => import('../docs/OpenApiPage.tsx')),
  'system/sysFile/index': screen(() => import('../system/files/FilePage.tsx')),
  'pms/pmsAgent/index': screen(() =>
    import('../agents/AgentPages.tsx').then((m) => ({ default: m.AgentPage })),
  ),
  'pms/pmsSalesArea/index': screen(() =>
    import('../agents/AgentPages.tsx').then((m) => ({ default: m.SalesAreaPage })),
  ),
  'pms/pmsSalesManager/index': screen(() =>
    import('../agents/AgentPages.tsx').then((m) => ({ default: m.SalesManagerPage })),
  ),
  'pms/pmsEvent/index': screen(() => import('../notifications/EventPage.tsx')),
  'pms/pmsCard/index': screen(() => import('../cards/CardPage.tsx')),
  'pms/pmsArea/index': screen(() => import('../areas/AreaPage.tsx')),
  'pms/pmsPark/index': screen(() => import('../room-stock/ParkPage.tsx')),
  'pms/pmsBuilding/index': screen(() => import('../room-stock/BuildingPage.tsx')),
  'pms/pmsUnit/index': screen(() => import('../room-stock/UnitPage.tsx')),
  'pms/pmsFloor/index': screen(() => import('../room-stock/FloorPage.tsx')),
  'pms/pmsRoom/index': screen(() => import('../room-stock/RoomPage.tsx')),
  'pms/pmsRoomType/index': screen(() => import('../room-stock/RoomTypePage.tsx')),
  'pms/pmsRoomAttribute/index': screen(() => import('../room-stock/RoomAttributePage.tsx')),
  'pms/pmsBuildingGroup/index': screen(() => import('../room-stock/BuildingGroupPage.tsx')),
  'pms/pmsHourlyRule/index': screen(() => import('../room-stock/HourlyRulePage.tsx')),
  // The chart with the front-desk actions on its tiles (room-status/RoomStatusChart's onOpen extension point).
  'pms/roomStatus/index': screen(() => import('../front-desk/room-status/DeskRoomStatusPage.tsx')),
  'pms/reserve/index': screen(() => import('../front-desk/reservations/ReservePage.tsx')),
  'pms/pmsOrder/index': screen(() => import('../front-desk/orders/OrderListPage.tsx')),
  'pms/pmsOrder/detail': screen(() => import('../front-desk/orders/OrderDetailPage.tsx')),
  'pms/pmsOrder/checkIn': screen(() => import('../front-desk/check-in/CheckInPage.tsx')),
  'pms/pmsOrder/checkOut': screen(() => import('../front-desk/check-out/CheckOutPage.tsx')),
  'pms/pmsOrder/print': screen(() => import('../front-desk/print/PrintPage.tsx')),
  'pms/pmsChargeItem/index': screen(() => import('../charge-items/ChargeItemPage.tsx')),
  'pms/pmsFolio/receipt': screen(() => import('../front-desk/folio/ReceiptPage.tsx')),
  'orderSystem/ordSysOrder/export': screen(() => import('../front-desk/print/ExportPage.tsx')),
  'http/cardTest': screen(() => import('../card-test/CardTestPage.tsx')),
  'export/bleLock': screen(() => import('../ble-export/BleExportPage.tsx')),
  'pms/propertyMain/index': screen(() => import('../properties/MyPropertiesPage.tsx')),
  'pms/pmsProperty/settings': screen(() => import('../property-admin/PropertySettingsPage.tsx')),
  'pms/pmsProperty/index': screen(() => import('../property-admin/PropertyAdminPage.tsx')),
  'system/sysCustomQualification/index': screen(() => import('../qualification/ReviewPage.tsx')),
  'finance/fJournalAccount/index': screen(() => import('../finance/VoucherPage.tsx')),
  'finance/generalLedger/index': screen(() => import('../finance/GeneralLedgerPage.tsx')),
  'finance/subLedger/index': screen(() => import('../finance/SubLedgerPage.tsx')),
  'finance/subjectBalance/index': screen(() => import('../finance/SubjectBalancePage.tsx')),
  'finance/fJournalDetailed/index': screen(() => import('../finance/JournalPage.tsx')),
  'finance/fSubject/index': screen(() => import('../finance/SubjectPage.tsx')),
  'finance/fSubjectCategory/index': screen(() => import('../finance/SubjectCategoryPage.tsx')),
  'finance/fSubjectCategoryDetail/index': screen(() => import('../finance/SubjectCategoryDetailPage.tsx')),
  'finance/fAccount/index': screen(() => import('../finance/AccountPage.tsx')),
  'finance/fJournalCategory/index': screen(() => import('../finance/JournalCategoryPage.tsx')),
  'finance/fPeriod/index': screen(() => import('../finance/PeriodPage.tsx')),
  'pms/pmsNightAudit/index': screen(() => import('../night-audit/NightAuditPage.tsx')),
  'pms/pmsShift/index': screen(() => import('../shifts/ShiftPage.tsx')),
  'pms/pmsShift/print': screen(() => import('../shifts/ShiftPrintPage.tsx')),
  'monitor/job/log': screen(() => import('../night-audit/JobLogPage.tsx')),
  'pms/pmsMember/index': screen(() => import('../members/MemberPage.tsx')),
  'pms/pmsMemberRecord/index': screen(() => import('../members/MemberRecordPage.tsx')),
  'pms/pmsMemberGrade/index': screen(() => import('../members/GradePage.tsx')),
  'pms/pmsRechargeType/index': screen(() => import('../members/RechargeTypePage.tsx')),
  'pms/pmsMemberTag/index': screen(() => import('../members/TagPage.tsx')),
  'report/daily/index': screen(() => import('../reports/DailyReportPage.tsx')),
  'report/monthly/index': screen(() => import('../reports/MonthlyReportPage.tsx')),
  'report/annual/index': screen(() => import('../reports/AnnualReportPage.tsx')),
  'report/income/index': screen(() => import('../reports/IncomeReportPage.tsx')),
  'report/member/index': screen(() => import('../reports/MemberReportPage.tsx')),
  'report/occupancy/index': screen(() => import('../reports/OccupancyReportPage.tsx')),
  'report/revenue/index': screen(() => import('../reports/RevenueReportPage.tsx')),
  'report/cashier/index': screen(() => import('../reports/CashierReportPage.tsx')),
  'report/dashboard/index': screen(() => import('../reports/DashboardPage.tsx')),
  'device/dvcModel/index': screen(() => import('../catalogue/ModelPage.tsx')),
  'device/dvcDevice/index': screen(() => import('../devices/DevicePage.tsx')),
  'ygs/qrcode/hk': qrPage((m) => m.HkPage),
  'ygs/qrcode/hk/print': qrPage((m) => m.HkPrintPage),
  'ygs/qrcode/kk/gw': qrPage((m) => m.GatewayPage),
  'ygs/qrcode/kk/gw/print': qrPage((m) => m.GatewayPrintPage),
  'device/dvcBinding/index': screen(() => import('../devices/BindingPage.tsx')),
  'device/dvcSeries/index': dictionary((m) => m.SeriesPage),
  'device/dvcColour/index': dictionary((m) => m.ColourPage),
  'device/dvcMaterial/index': dictionary((m) => m.MaterialPage),
  'device/dvcPart/index': dictionary((m) => m.PartPage),
  'device/dvcCategory/index': dictionary((m) => m.CategoryPage),
  'device/dvcFunction/index': dictionary((m) => m.FunctionPage),
  'device/dvcProtocol/index': dictionary((m) => m.ProtocolPage),
  'device/dvcNetworking/index': dictionary((m) => m.NetworkingPage),
  'device/dvcScene/index': dictionary((m) => m.ScenePage),
}

export function hasScreen(component: string): boolean {
  return component in screens
}
