// Menu routes from getRouters: full paths, screens that exist, sidebar items, breadcrumbs and search entries.
import type { RouteItem } from '@pms/protocol'

/** Components that only group children. */
export const CONTAINERS = new Set(['Layout', 'ParentView', 'InnerLink'])

export interface MenuNode {
  path: string
  title: string
  icon?: string
  hidden: boolean
  alwaysShow: boolean
  component?: string
  affix: boolean
  breadcrumb: boolean
  activeMenu?: string
  /** An external address opened in a new window. */
  link?: string
  children: MenuNode[]
}

export const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path)

export function joinPath(parent: string, child: string): string {
  if (isExternal(child) || child.startsWith('/')) return child
  const joined = `${parent.replace(/\/$/, '')}/${child}`
  return joined.startsWith('/') ? joined : `/${joined}`
}

/**
 * Builds the menu tree. A leaf whose screen is not built (`hasScreen` false) is left out, and so is a
 * group left without children: a screen that is not built is not in the menu.
 */
export function buildMenu(
  routes: readonly RouteItem[],
  hasScreen: (component: string) => boolean,
  parent = '',
): MenuNode[] {
  const out: MenuNode[] = []
  for (const r of routes) {
    const path = joinPath(parent, r.path)
    const link = r.meta?.link ?? (isExternal(r.path) ? r.path : undefined)
    const children = r.children?.length ? buildMenu(r.children, hasScreen, path) : []
    const isContainer = !r.component || CONTAINERS.has(r.component)
    if (!link) {
      if (isContainer && children.length === 0) continue
      if (!isContainer && !hasScreen(r.component!)) continue
    }
    out.push({
      path,
      title: r.meta?.title ?? r.name ?? r.path,
      icon: r.meta?.icon,
      hidden: r.hidden,
      alwaysShow: r.alwaysShow ?? false,
      component: isContainer ? undefined : r.component,
      affix: r.meta?.affix ?? false,
      breadcrumb: r.meta?.breadcrumb !== false,
      activeMenu: r.meta?.activeMenu,
      link,
      children,
    })
  }
  return out
}

/** Every node that renders a screen, hidden ones included (they are routable, just not listed). */
export function leaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.component ? [n, ...leaves(n.children)] : leaves(n.children)))
}

export interface SidebarItem {
  path: string
  title: string
  icon?: string
  link?: string
  children: SidebarItem[]
}

/** Visible items; a group with exactly one visible child (and no alwaysShow) collapses into that child. */
export function sidebarItems(nodes: readonly MenuNode[]): SidebarItem[] {
  const out: SidebarItem[] = []
  for (const n of nodes) {
    if (n.hidden) continue
    const kids = sidebarItems(n.children)
    if (n.component || n.link) {
      out.push({ path: n.path, title: n.title, icon: n.icon, link: n.link, children: [] })
    } else if (kids.length === 1 && !n.alwaysShow) {
      const only = kids[0]!
      out.push({ ...only, icon: only.icon ?? n.icon })
    } else if (kids.length > 0) {
      out.push({ path: n.path, title: n.title, icon: n.icon, children: kids })
    }
  }
  return out
}

/** The chain of nodes from the top down to the one whose path is `path`. */
export function trail(nodes: readonly MenuNode[], path: string): MenuNode[] {
  for (const n of nodes) {
    if (n.path === path) return [n]
    const sub = trail(n.children, path)
    if (sub.length) return [n, ...sub]
  }
  return []
}

export interface Crumb {
  title: string
  path?: string
}

/**
 * Breadcrumbs start at home unless the first matched route is the dashboard itself (SPEC §2.3). A group and the
 * screen in it often share a title ('门店管理 › 门店管理'): the title is said once, by the screen.
 */
export function breadcrumbs(chain: readonly Crumb[], home: Crumb): Crumb[] {
  const said = chain.filter((c, i) => chain[i + 1]?.title !== c.title)
  if (said[0]?.path === home.path) return said
  return [home, ...said]
}
