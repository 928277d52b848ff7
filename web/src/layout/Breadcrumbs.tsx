// Breadcrumbs: home first unless the page is home itself (SPEC §2.3).
import { Breadcrumb } from '@chakra-ui/react'
import { Fragment } from 'react'
import { Link } from 'wouter'
import { useT } from '../i18n/t.ts'
import { breadcrumbs, type Crumb, trail } from '../router/menu.ts'
import type { ResolvedRoute } from '../router/resolved.ts'
import { HOME_PATH } from '../router/table.ts'
import { useSession } from '../session/store.ts'

export function Breadcrumbs({ route, title }: { route: ResolvedRoute; title: string }) {
  const t = useT()
  const { menu } = useSession()
  const chain: Crumb[] = route.menuPath
    ? trail(menu, route.menuPath)
        .filter((n) => n.breadcrumb)
        .map((n) => ({ title: n.title, path: n.component ? n.path : undefined }))
    : title
      ? [{ title, path: route.screen === 'index' ? HOME_PATH : undefined }]
      : []
  const crumbs = breadcrumbs(chain, { title: 'console.route.home', path: HOME_PATH })
  return (
    <Breadcrumb.Root size="sm" ml="2" data-testid="breadcrumbs">
      <Breadcrumb.List>
        {crumbs.map((c, i) => (
          <Fragment key={`${c.path ?? ''}:${c.title}`}>
            {i > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {i === crumbs.length - 1 || !c.path ? (
                <Breadcrumb.CurrentLink>{t(c.title)}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link asChild>
                  <Link href={c.path}>{t(c.title)}</Link>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  )
}
