// Applies the route guard, then renders the matched screen, inside the layout when the route asks for it.
import './loading.css'
import './reduced-motion.css'
import { createElement, type ReactNode, Suspense, useEffect, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import { decide } from '../router/guard.ts'
import { leaves, type MenuNode } from '../router/menu.ts'
import { compilePattern, matchPattern } from '../router/pattern.ts'
import type { ResolvedRoute } from '../router/resolved.ts'
import { HOME_PATH, matchStatic, SIGN_IN_SCREENS } from '../router/table.ts'
import { screenData } from '../screens/data.ts'
import { screens } from '../screens/registry.ts'
import { loadSession, useSession } from '../session/store.ts'
import { getToken, getUserType } from '../session/token.ts'
import { lazyLoaded, PAGE_LOADING, useLoaded } from './lazyLoaded.ts'
import { allStringsCode, chakraCode, layoutCode } from './shellCode.ts'

// The layout (menus, MQTT, search) loads only once someone is signed in.
const Layout = lazyLoaded(layoutCode, PAGE_LOADING)

function resolve(path: string, menu: readonly MenuNode[]): ResolvedRoute | null {
  if (path === '/') return { screen: '', layout: true, params: {}, title: '', affix: false }
  const stat = matchStatic(path)
  if (stat)
    return {
      screen: stat.route.screen,
      layout: stat.route.layout,
      params: stat.params,
      title: stat.route.titleKey ?? '',
      affix: stat.route.affix ?? false,
    }
  for (const node of leaves(menu)) {
    const params = matchPattern(compilePattern(node.path), path)
    if (params)
      return {
        screen: node.component!,
        layout: true,
        params,
        title: node.title,
        affix: node.affix,
        menuPath: node.path,
      }
  }
  return null
}

/** The sign-in pages speak only the shell's strings and draw with plain elements; every other screen waits for all
 * the strings and the UI library, both asked for at once (and usually already asked for by the entry). */
function WithChakraAndStrings({ children }: { children: ReactNode }) {
  const chakra = useLoaded(chakraCode)
  const strings = useLoaded(allStringsCode)
  return chakra && strings ? createElement(chakra.default, null, children) : PAGE_LOADING
}

function Loading() {
  return PAGE_LOADING
}

export function AppRouter() {
  const [path, navigate] = useLocation()
  const search = useSearch()
  const session = useSession()
  const route = useMemo(() => resolve(path, session.menu), [path, session.menu])
  const decision = decide({
    path,
    fullPath: search ? `${path}?${search}` : path,
    hasToken: Boolean(getToken()),
    userType: getUserType(),
    routesLoaded: session.status === 'ready',
    known: route !== null,
  })

  // One string names what the guard wants done, so the effect runs once per decision.
  const action =
    decision.kind === 'redirect'
      ? `go:${decision.to}`
      : decision.kind === 'loadRoutes'
        ? 'load'
        : path === '/'
          ? `go:${HOME_PATH}`
          : ''
  useEffect(() => {
    if (action === 'load') void loadSession()
    else if (action.startsWith('go:')) navigate(action.slice(3), { replace: true })
  }, [action, navigate])

  // The route loader: while a screen's code is still to come (a first load, whose menus may arrive before the page
  // has even drawn, or a screen not opened before), start its code and its first data together, so neither waits
  // for the layout and the screen to draw.
  const early = route && screens[route.screen]?.preload.loaded === undefined ? route.screen : ''
  useEffect(() => {
    if (!early) return
    void screens[early]?.preload().catch(() => {})
    screenData[early]?.()
  }, [early])

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to top on every navigation
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [path])

  if (decision.kind !== 'allow' || !route || path === '/') return <Loading />
  const Screen = screens[route.screen] ?? screens['error/404']!
  // The sign-in pages draw without the UI library and speak only the shell's strings.
  if (SIGN_IN_SCREENS.has(route.screen))
    return (
      <Suspense fallback={<Loading />}>
        <Screen params={route.params} />
      </Suspense>
    )
  // Code loads without Suspense (app/lazyLoaded.ts); the boundaries catch what a screen suspends on itself.
  const page = (
    <Suspense fallback={<Loading />}>
      <Screen params={route.params} />
    </Suspense>
  )
  return (
    <Suspense fallback={<Loading />}>
      <WithChakraAndStrings>
        {route.layout ? <Layout route={route}>{page}</Layout> : page}
      </WithChakraAndStrings>
    </Suspense>
  )
}
