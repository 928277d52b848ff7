// Server `component` names (and the console's own routes) mapped to the code of their screens. Add a screen here
// when it is built; until then its menu entry is hidden and its path answers 404. No React here: the entry imports
// this table to start the first page's download before React itself has arrived (registry.ts makes the screens).
import type { ComponentType } from 'react'
import type { ScreenProps } from './props.ts'

export type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>

/** One of the nine catalogue dictionary screens, all in one module. */
type DictionaryPages = typeof import('../catalogue/DictionaryPage.tsx')
const dictionary =
  (pick: (m: DictionaryPages) => ComponentType<ScreenProps>): Loader =>
  () =>
    import('../catalogue/DictionaryPage.tsx').then((m) => ({ default: pick(m) }))

/** The four public binding QR code pages, all in one module. */
type QrPages = typeof import('../devices/qrcode/QrLabelsPage.tsx')
const qrPage =
  (pick: (m: QrPages) => ComponentType<ScreenProps>): Loader =>
  () =>
    import('../devices/qrcode/QrLabelsPage.tsx').then((m) => ({ default: pick(m) }))

/** The shop's detail pages and order lists, two per module. */
type ShopDetails = typeof import('../shop/DetailPages.tsx')
const shopDetail =
  (pick: (m: ShopDetails) => ComponentType<ScreenProps>): Loader =>
  () =>
    import('../shop/DetailPages.tsx').then((m) => ({ default: pick(m) }))
type ShopOrders = typeof import('../shop/ShopOrderPage.tsx')
const shopOrders =
  (pick: (m: ShopOrders) => ComponentType<ScreenProps>): Loader =>
  () =>
    import('../shop/ShopOrderPage.tsx').then((m) => ({ default: pick(m) }))

export const loaders: Record<string, Loader> = {
  'login/index': () => import('../login/LoginPage.tsx'),
  'login/admin': () => import('../login/AdminLoginPage.tsx'),
  'register/index': () => import('../login/RegisterPage.tsx'),
  'private/index': () => import('../pages/PrivacyPage.tsx'),
  'error/404': () => import('../pages/NotFoundPage.tsx'),
  'error/401': () => import('../pages/UnauthorizedPage.tsx'),
  redirect: () => import('../pages/RedirectPage.tsx'),
  index: () => import('../home/HomePage.tsx'),
  'system/user/profile/index': () => import('../profile/ProfilePage.tsx'),
  'system/user/index': () => import('../system/users/UserPage.tsx'),
  'system/role/index': () => import('../system/roles/RolePage.tsx'),
  'system/menu/index': () => import('../system/menus/MenuPage.tsx'),
  'system/dict/index': () => import('../system/dicts/DictTypePage.tsx'),
  'system/dict/data/index': () => import('../system/dicts/DictDataPage.tsx'),
  'system/config/index': () => import('../system/config/ConfigPage.tsx'),
  'system/sysLanguage/index': () => import('../system/languages/LanguagePage.tsx'),
  'system/record/index': () => import('../system/records/RecordPage.tsx'),
  'system/appVersion/index': () => import('../system/app-versions/AppVersionPage.tsx'),
  'file/index': () => import('../system/app-versions/FileDownloadPage.tsx'),
  'doc/open': () => import('../docs/OpenApiPage.tsx'),
  'system/sysFile/index': () => import('../system/files/FilePage.tsx'),
  'tool/gen/index': () => import('../tool/gen/GenTablePage.tsx'),
  'tool/gen/editTable': () => import('../tool/gen/GenEditPage.tsx'),
  'pms/pmsAgent/index': () => import('../agents/AgentPages.tsx').then((m) => ({ default: m.AgentPage })),
  'pms/pmsSalesArea/index': () =>
    import('../agents/AgentPages.tsx').then((m) => ({ default: m.SalesAreaPage })),
  'pms/pmsSalesManager/index': () =>
    import('../agents/AgentPages.tsx').then((m) => ({ default: m.SalesManagerPage })),
  'pms/pmsAgentQualification/apply': () => import('../agents/AgencyApplyPage.tsx'),
  'pms/pmsAgentQualification/review': () => import('../agents/AgencyReviewPage.tsx'),
  'pms/pmsEvent/index': () => import('../notifications/EventPage.tsx'),
  'pms/pmsCard/index': () => import('../cards/CardPage.tsx'),
  'pms/pmsArea/index': () => import('../areas/AreaPage.tsx'),
  'pms/pmsPark/index': () => import('../room-stock/ParkPage.tsx'),
  'pms/pmsBuilding/index': () => import('../room-stock/BuildingPage.tsx'),
  'pms/pmsUnit/index': () => import('../room-stock/UnitPage.tsx'),
  'pms/pmsFloor/index': () => import('../room-stock/FloorPage.tsx'),
  'pms/pmsRoom/index': () => import('../room-stock/RoomPage.tsx'),
  'pms/pmsRoomType/index': () => import('../room-stock/RoomTypePage.tsx'),
  'pms/pmsRoomAttribute/index': () => import('../room-stock/RoomAttributePage.tsx'),
  'pms/pmsBuildingGroup/index': () => import('../room-stock/BuildingGroupPage.tsx'),
  'pms/pmsHourlyRule/index': () => import('../room-stock/HourlyRulePage.tsx'),
  // The chart with the front-desk actions on its tiles (room-status/RoomStatusChart's onOpen extension point).
  'pms/roomStatus/index': () => import('../front-desk/room-status/DeskRoomStatusPage.tsx'),
  'pms/reserve/index': () => import('../front-desk/reservations/ReservePage.tsx'),
  'pms/pmsOrder/index': () => import('../front-desk/orders/OrderListPage.tsx'),
  'pms/pmsOrder/detail': () => import('../front-desk/orders/OrderDetailPage.tsx'),
  'pms/pmsOrder/checkIn': () => import('../front-desk/check-in/CheckInPage.tsx'),
  'pms/pmsOrder/checkOut': () => import('../front-desk/check-out/CheckOutPage.tsx'),
  'pms/pmsOrder/print': () => import('../front-desk/print/PrintPage.tsx'),
  'pms/pmsChargeItem/index': () => import('../charge-items/ChargeItemPage.tsx'),
  'pms/pmsFolio/receipt': () => import('../front-desk/folio/ReceiptPage.tsx'),
  'orderSystem/ordSysOrder/export': () => import('../front-desk/print/ExportPage.tsx'),
  'http/cardTest': () => import('../card-test/CardTestPage.tsx'),
  'export/bleLock': () => import('../ble-export/BleExportPage.tsx'),
  'pms/propertyMain/index': () => import('../properties/MyPropertiesPage.tsx'),
  'pms/pmsAllPropertyUserCardApply/index': () => import('../cards/CardApplyPage.tsx'),
  'pms/pmsProperty/settings': () => import('../property-admin/PropertySettingsPage.tsx'),
  'pms/pmsProperty/index': () => import('../property-admin/PropertyAdminPage.tsx'),
  'system/sysCustomQualification/index': () => import('../qualification/ReviewPage.tsx'),
  'finance/fJournalAccount/index': () => import('../finance/VoucherPage.tsx'),
  'finance/generalLedger/index': () => import('../finance/GeneralLedgerPage.tsx'),
  'finance/subLedger/index': () => import('../finance/SubLedgerPage.tsx'),
  'finance/subjectBalance/index': () => import('../finance/SubjectBalancePage.tsx'),
  'finance/fJournalDetailed/index': () => import('../finance/JournalPage.tsx'),
  'finance/fSubject/index': () => import('../finance/SubjectPage.tsx'),
  'finance/fSubjectCategory/index': () => import('../finance/SubjectCategoryPage.tsx'),
  'finance/fSubjectCategoryDetail/index': () => import('../finance/SubjectCategoryDetailPage.tsx'),
  'finance/fAccount/index': () => import('../finance/AccountPage.tsx'),
  'finance/fJournalCategory/index': () => import('../finance/JournalCategoryPage.tsx'),
  'finance/fPeriod/index': () => import('../finance/PeriodPage.tsx'),
  'pms/pmsNightAudit/index': () => import('../night-audit/NightAuditPage.tsx'),
  'pms/pmsShift/index': () => import('../shifts/ShiftPage.tsx'),
  'pms/pmsShift/print': () => import('../shifts/ShiftPrintPage.tsx'),
  'monitor/job/log': () => import('../night-audit/JobLogPage.tsx'),
  'pms/pmsMember/index': () => import('../members/MemberPage.tsx'),
  'pms/pmsMemberRecord/index': () => import('../members/MemberRecordPage.tsx'),
  'pms/pmsMemberGrade/index': () => import('../members/GradePage.tsx'),
  'pms/pmsRechargeType/index': () => import('../members/RechargeTypePage.tsx'),
  'pms/pmsMemberTag/index': () => import('../members/TagPage.tsx'),
  'report/daily/index': () => import('../reports/DailyReportPage.tsx'),
  'report/monthly/index': () => import('../reports/MonthlyReportPage.tsx'),
  'report/annual/index': () => import('../reports/AnnualReportPage.tsx'),
  'report/income/index': () => import('../reports/IncomeReportPage.tsx'),
  'report/member/index': () => import('../reports/MemberReportPage.tsx'),
  'report/occupancy/index': () => import('../reports/OccupancyReportPage.tsx'),
  'report/revenue/index': () => import('../reports/RevenueReportPage.tsx'),
  'report/cashier/index': () => import('../reports/CashierReportPage.tsx'),
  'report/dashboard/index': () => import('../reports/DashboardPage.tsx'),
  'device/dvcModel/index': () => import('../catalogue/ModelPage.tsx'),
  'device/dvcDevice/index': () => import('../devices/DevicePage.tsx'),
  'ygs/qrcode/hk': qrPage((m) => m.HkPage),
  'ygs/qrcode/hk/print': qrPage((m) => m.HkPrintPage),
  'ygs/qrcode/kk/gw': qrPage((m) => m.GatewayPage),
  'ygs/qrcode/kk/gw/print': qrPage((m) => m.GatewayPrintPage),
  'device/dvcBinding/index': () => import('../devices/BindingPage.tsx'),
  'device/dvcPort/index': () => import('../devices/PortSettingsPage.tsx'),
  'device/dvcSeries/index': dictionary((m) => m.SeriesPage),
  'device/dvcColour/index': dictionary((m) => m.ColourPage),
  'device/dvcMaterial/index': dictionary((m) => m.MaterialPage),
  'device/dvcPart/index': dictionary((m) => m.PartPage),
  'device/dvcCategory/index': dictionary((m) => m.CategoryPage),
  'device/dvcFunction/index': dictionary((m) => m.FunctionPage),
  'device/dvcProtocol/index': dictionary((m) => m.ProtocolPage),
  'device/dvcNetworking/index': dictionary((m) => m.NetworkingPage),
  'device/dvcScene/index': dictionary((m) => m.ScenePage),
  'ord/ordProduct/index': () => import('../shop/ProductPage.tsx'),
  'ord/ordPackage/index': () => import('../shop/PackagePage.tsx'),
  'ord/ordShopOrder/admin': shopOrders((m) => m.ShopOrderAdminPage),
  'ord/productCenter/index': () => import('../shop/ProductCenterPage.tsx'),
  'ord/ordProduct/detail': shopDetail((m) => m.ProductDetailPage),
  'ord/ordPackage/detail': shopDetail((m) => m.PackageDetailPage),
  'ord/ordShopCart/index': () => import('../shop/CartPage.tsx'),
  'ord/ordShopOrder/checkout': () => import('../shop/CheckoutPage.tsx'),
  'ord/ordShipAddress/index': () => import('../shop/AddressPage.tsx'),
  'ord/ordShopOrder/index': shopOrders((m) => m.MyShopOrderPage),
  'ord/ordShopOrder/print': () => import('../shop/ShopOrderPrintPage.tsx'),
}
