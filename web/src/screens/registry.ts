// Server `component` names (and the console's own routes) mapped to lazily loaded screens.
// Add a screen here when it is built; until then its menu entry is hidden and its path answers 404.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

export interface ScreenProps {
  /** Path parameters, e.g. { dictId: '7' }. */
  params: Record<string, string>
}

export type Screen = LazyExoticComponent<ComponentType<ScreenProps>>

export const screens: Record<string, Screen> = {
  'login/index': lazy(() => import('../login/LoginPage.tsx')),
  'login/admin': lazy(() => import('../login/AdminLoginPage.tsx')),
  'register/index': lazy(() => import('../login/RegisterPage.tsx')),
  'private/index': lazy(() => import('../pages/PrivacyPage.tsx')),
  'error/404': lazy(() => import('../pages/NotFoundPage.tsx')),
  'error/401': lazy(() => import('../pages/UnauthorizedPage.tsx')),
  redirect: lazy(() => import('../pages/RedirectPage.tsx')),
  index: lazy(() => import('../home/HomePage.tsx')),
  'system/user/profile/index': lazy(() => import('../profile/ProfilePage.tsx')),
  'pms/pmsEvent/index': lazy(() => import('../notifications/EventPage.tsx')),
  'pms/pmsCard/index': lazy(() => import('../cards/CardPage.tsx')),
  'pms/pmsArea/index': lazy(() => import('../areas/AreaPage.tsx')),
  'pms/pmsPark/index': lazy(() => import('../room-stock/ParkPage.tsx')),
  'pms/pmsBuilding/index': lazy(() => import('../room-stock/BuildingPage.tsx')),
  'pms/pmsUnit/index': lazy(() => import('../room-stock/UnitPage.tsx')),
  'pms/pmsFloor/index': lazy(() => import('../room-stock/FloorPage.tsx')),
  'pms/pmsRoom/index': lazy(() => import('../room-stock/RoomPage.tsx')),
  'pms/pmsRoomType/index': lazy(() => import('../room-stock/RoomTypePage.tsx')),
  'pms/pmsRoomAttribute/index': lazy(() => import('../room-stock/RoomAttributePage.tsx')),
  'pms/pmsBuildingGroup/index': lazy(() => import('../room-stock/BuildingGroupPage.tsx')),
  'pms/pmsHourlyRule/index': lazy(() => import('../room-stock/HourlyRulePage.tsx')),
  // The chart with the front-desk actions on its tiles (room-status/RoomStatusChart's onOpen extension point).
  'pms/roomStatus/index': lazy(() => import('../front-desk/room-status/DeskRoomStatusPage.tsx')),
  'pms/reserve/index': lazy(() => import('../front-desk/reservations/ReservePage.tsx')),
  'pms/pmsOrder/index': lazy(() => import('../front-desk/orders/OrderListPage.tsx')),
  'pms/pmsOrder/detail': lazy(() => import('../front-desk/orders/OrderDetailPage.tsx')),
  'pms/pmsOrder/checkIn': lazy(() => import('../front-desk/check-in/CheckInPage.tsx')),
  'pms/pmsOrder/checkOut': lazy(() => import('../front-desk/check-out/CheckOutPage.tsx')),
  'pms/pmsOrder/print': lazy(() => import('../front-desk/print/PrintPage.tsx')),
  'pms/pmsFolio/receipt': lazy(() => import('../front-desk/folio/ReceiptPage.tsx')),
  'orderSystem/ordSysOrder/export': lazy(() => import('../front-desk/print/ExportPage.tsx')),
  'http/cardTest': lazy(() => import('../card-test/CardTestPage.tsx')),
  'export/bleLock': lazy(() => import('../ble-export/BleExportPage.tsx')),
  'pms/propertyMain/index': lazy(() => import('../properties/MyPropertiesPage.tsx')),
  'pms/pmsProperty/settings': lazy(() => import('../property-admin/PropertySettingsPage.tsx')),
  'pms/pmsProperty/index': lazy(() => import('../property-admin/PropertyAdminPage.tsx')),
  'system/sysCustomQualification/index': lazy(() => import('../qualification/ReviewPage.tsx')),
}

export function hasScreen(component: string): boolean {
  return component in screens
}
