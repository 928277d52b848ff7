// The console's own routes (SPEC §2.1): each names the registry screen that renders it.
import { type CompiledPattern, compilePattern, matchPattern } from './pattern.ts'

export interface StaticRoute {
  pattern: string
  /** Key in screens/registry.ts. */
  screen: string
  /** Rendered inside the main layout. */
  layout: boolean
  /** i18n key of the tab and breadcrumb title. */
  titleKey?: string
  affix?: boolean
}

export const HOME_PATH = '/index'

/** The sign-in pages: drawn without the UI library, in the shell's strings only (AppRouter). */
export const SIGN_IN_SCREENS: ReadonlySet<string> = new Set(['login/index', 'login/admin'])

export const STATIC_ROUTES: readonly StaticRoute[] = [
  { pattern: '/login', screen: 'login/index', layout: false },
  { pattern: '/admin', screen: 'login/admin', layout: false },
  { pattern: '/register', screen: 'register/index', layout: false },
  { pattern: '/private/:lang', screen: 'private/index', layout: false },
  { pattern: '/file/:platform/:appId', screen: 'file/index', layout: false },
  { pattern: '/export/bleLock', screen: 'export/bleLock', layout: false },
  { pattern: '/http/card-test', screen: 'http/cardTest', layout: false },
  {
    pattern: '/orderSystem/ordSysOrder/export/:orderId(\\d+)',
    screen: 'orderSystem/ordSysOrder/export',
    layout: false,
  },
  { pattern: '/doc/open/:id', screen: 'doc/open', layout: false },
  { pattern: '/pmsOrder/print', screen: 'pms/pmsOrder/print', layout: false },
  { pattern: '/pmsFolio/receipt', screen: 'pms/pmsFolio/receipt', layout: false },
  { pattern: '/pmsShift/print', screen: 'pms/pmsShift/print', layout: false },
  { pattern: '/ordShopOrder/print', screen: 'ord/ordShopOrder/print', layout: false },
  { pattern: '/ygs/qrcode/hk', screen: 'ygs/qrcode/hk', layout: false },
  { pattern: '/ygs/qrcode/hk/print', screen: 'ygs/qrcode/hk/print', layout: false },
  { pattern: '/ygs/qrcode/kk/gw', screen: 'ygs/qrcode/kk/gw', layout: false },
  { pattern: '/ygs/qrcode/kk/gw/print', screen: 'ygs/qrcode/kk/gw/print', layout: false },
  { pattern: '/404', screen: 'error/404', layout: false },
  { pattern: '/401', screen: 'error/401', layout: false },
  { pattern: '/redirect/:path(.*)', screen: 'redirect', layout: true },
  { pattern: HOME_PATH, screen: 'index', layout: true, titleKey: 'console.route.home', affix: true },
  {
    pattern: '/user/profile',
    screen: 'system/user/profile/index',
    layout: true,
    titleKey: 'console.route.profile',
  },
  {
    pattern: '/dict/type/data/:dictId(\\d+)',
    screen: 'system/dict/data/index',
    layout: true,
    titleKey: 'console.route.dictData',
  },
  { pattern: '/job/log', screen: 'monitor/job/log', layout: true, titleKey: 'console.route.jobLog' },
  {
    pattern: '/gen/edit/:tableId(\\d+)',
    screen: 'tool/gen/editTable',
    layout: true,
    titleKey: 'console.route.genEdit',
  },
  { pattern: '/reserve', screen: 'pms/reserve/index', layout: true, titleKey: 'console.route.reserve' },
  {
    pattern: '/pmsManagement/pmsEvent',
    screen: 'pms/pmsEvent/index',
    layout: true,
    titleKey: 'console.route.event',
  },
  {
    pattern: '/propertyMain',
    screen: 'pms/propertyMain/index',
    layout: true,
    titleKey: 'console.route.propertyMain',
  },
  {
    pattern: '/pmsAllPropertyUserCardApply',
    screen: 'pms/pmsAllPropertyUserCardApply/index',
    layout: true,
    titleKey: 'console.route.cardApply',
  },
]

const compiled: { route: StaticRoute; pattern: CompiledPattern }[] = STATIC_ROUTES.map((route) => ({
  route,
  pattern: compilePattern(route.pattern),
}))

export interface StaticMatch {
  route: StaticRoute
  params: Record<string, string>
}

export function matchStatic(path: string): StaticMatch | null {
  for (const c of compiled) {
    const params = matchPattern(c.pattern, path)
    if (params) return { route: c.route, params }
  }
  return null
}
