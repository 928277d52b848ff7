// Home (/index): who is signed in, where, what is unread, the desk's day (for who may list orders), the manager's
// dashboard (for who may read it) and which features the menu offers.
import { Badge, Card, Flex, Heading, SimpleGrid, Stat, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import { ReportPermission } from '@pms/protocol/api/reports'
import { lazy, Suspense } from 'react'
import useSWR from 'swr'
import { Link } from 'wouter'
import { profileApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { useUnread } from '../notifications/pushStore.ts'
import { ApplyEntry } from '../qualification/ApplyEntry.tsx'
import { sidebarItems } from '../router/menu.ts'
import { currentProperty, useSession } from '../session/store.ts'
import { TODAY_PERMISSION, TodayPanel } from './TodayPanel.tsx'

// The manager's dashboard loads with its own chunk, only for who may read it.
const DashboardPage = lazy(() => import('../reports/DashboardPage.tsx'))

export default function HomePage() {
  const t = useT()
  const session = useSession()
  const unread = useUnread()
  const user = session.info?.user
  // The roles by name (the profile's roleGroup; the same read as the profile page's), their keys until it answers.
  const { data: profile } = useSWR(user ? ['profile', user.userType] : null, () =>
    profileApi.get(user!.userType),
  )
  if (!user) return null
  const roleNames = profile?.roleGroup ? profile.roleGroup.split(', ') : (session.info?.roles ?? [])
  const registered = user.userType === 2
  const features = sidebarItems(session.menu).flatMap((i) => (i.children.length ? i.children : [i]))
  return (
    <Flex direction="column" gap="4" data-testid="home-page">
      <Heading size="lg">{t('console.home.welcome', [user.nickName || user.userName])}</Heading>
      <SimpleGrid columns={{ base: 1, md: registered ? 4 : 2 }} gap="4">
        <Stat.Root borderWidth="1px" p="4" rounded="md" bg="bg">
          <Stat.Label>{t('console.home.userType')}</Stat.Label>
          <Stat.ValueText fontSize="lg">
            {t(registered ? 'console.home.userType2' : 'console.home.userType1')}
          </Stat.ValueText>
        </Stat.Root>
        {registered && (
          <Stat.Root borderWidth="1px" p="4" rounded="md" bg="bg">
            <Stat.Label>{t('console.home.currentProperty')}</Stat.Label>
            <Stat.ValueText fontSize="lg" data-testid="home-property">
              {currentProperty(session)?.propertyName ?? t('console.nav.noProperty')}
            </Stat.ValueText>
          </Stat.Root>
        )}
        {registered && (
          <Stat.Root borderWidth="1px" p="4" rounded="md" bg="bg">
            <Stat.Label>{t('console.home.unread')}</Stat.Label>
            <Stat.ValueText>{unread.totalUnRead}</Stat.ValueText>
            <Stat.HelpText>
              {t('console.home.orderUnread')}: {unread.ordersUnRead}
            </Stat.HelpText>
          </Stat.Root>
        )}
        <Stat.Root borderWidth="1px" p="4" rounded="md" bg="bg">
          <Stat.Label>{t('console.profile.roles')}</Stat.Label>
          <Flex gap="1" wrap="wrap" mt="1">
            {roleNames.map((r) => (
              <Badge key={r} data-testid="home-role">
                {r}
              </Badge>
            ))}
          </Flex>
        </Stat.Root>
      </SimpleGrid>
      {registered &&
        currentProperty(session) &&
        hasPermission({ permissions: session.info?.permissions ?? [] }, [TODAY_PERMISSION]) && (
          <TodayPanel key={currentProperty(session)?.propertyId} />
        )}
      {registered &&
        currentProperty(session) &&
        hasPermission({ permissions: session.info?.permissions ?? [] }, [ReportPermission.dashboard]) && (
          <Suspense fallback={null}>
            <DashboardPage key={currentProperty(session)?.propertyId} />
          </Suspense>
        )}
      {registered && !session.propertiesLoading && session.properties.length === 0 && <ApplyEntry />}
      {features.length > 0 && (
        <Card.Root>
          <Card.Header>
            <Card.Title>{t('console.home.menus')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <Flex gap="3" wrap="wrap">
              {features.map((f) => (
                <Text key={f.path} asChild color="colorPalette.600">
                  {f.link ? <a href={f.link}>{t(f.title)}</a> : <Link href={f.path}>{t(f.title)}</Link>}
                </Text>
              ))}
            </Flex>
          </Card.Body>
        </Card.Root>
      )}
    </Flex>
  )
}
