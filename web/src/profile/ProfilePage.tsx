// /user/profile, the personal center: who I am, edit my details, change my password, change my avatar, and where I
// am signed in.
import { Card, Flex, Grid, Tabs, Text } from '@chakra-ui/react'
import useSWR from 'swr'
import { profileApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { useSession } from '../session/store.ts'
import { formatDateTime } from '../ui/format.ts'
import { AvatarUpload } from './AvatarUpload.tsx'
import { PasswordChange } from './PasswordChange.tsx'
import { ProfileForm } from './ProfileForm.tsx'
import { SessionsTab } from './SessionsTab.tsx'

export default function ProfilePage() {
  const t = useT()
  const { info } = useSession()
  const userType = info?.user.userType ?? 2
  const { data, mutate } = useSWR(['profile', userType], () => profileApi.get(userType))
  const profile = data?.data
  const rows: [string, string | undefined][] = [
    ['console.profile.userName', profile?.userName],
    ['console.profile.phone', profile?.phonenumber],
    ['console.profile.email', profile?.email],
    ['console.profile.dept', profile?.dept?.deptName],
    ['console.profile.roles', data?.roleGroup ?? info?.roles.join(', ')],
    ['console.profile.created', formatDateTime(profile?.createTime)],
  ]
  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="4" data-testid="profile-page">
      <Card.Root>
        <Card.Header>
          <Card.Title>{t('console.profile.info')}</Card.Title>
        </Card.Header>
        <Card.Body gap="3">
          {profile && (
            <AvatarUpload
              userType={userType}
              avatar={profile.avatar}
              name={profile.nickName}
              onDone={() => mutate()}
            />
          )}
          {rows.map(([label, value]) => (
            <Flex key={label} justify="space-between" borderBottomWidth="1px" py="1" fontSize="sm" gap="2">
              <Text color="fg.muted">{t(label)}</Text>
              <Text textAlign="end" data-testid={`profile-${label.split('.').pop()}`}>
                {value || '-'}
              </Text>
            </Flex>
          ))}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Tabs.Root defaultValue="basic" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="basic">{t('console.profile.basic')}</Tabs.Trigger>
              <Tabs.Trigger value="password" data-testid="tab-change-password">
                {t('console.profile.changePassword')}
              </Tabs.Trigger>
              <Tabs.Trigger value="sessions" data-testid="tab-sessions">
                {t('adminMore.sessions.tab')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="basic">
              {profile && <ProfileForm userType={userType} profile={profile} onSaved={() => mutate()} />}
            </Tabs.Content>
            <Tabs.Content value="password">
              <PasswordChange userType={userType} />
            </Tabs.Content>
            <Tabs.Content value="sessions">
              <SessionsTab userType={userType} />
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </Grid>
  )
}
