// What the router resolved a path to: the screen, whether it sits in the layout, and its tab/breadcrumb title.
export interface ResolvedRoute {
  screen: string
  layout: boolean
  params: Record<string, string>
  /** i18n key or server title for the tab and breadcrumb. */
  title: string
  affix: boolean
  menuPath?: string
}
