// Where I am signed in: each live session's device, IP and times; any other one can be signed out.
import { Badge, Button, Table, Text } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import useSWR from 'swr'
import { http } from '../api/request.ts'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { formatDateTime } from '../ui/format.ts'

interface LiveSession {
  sessionId: number
  ip: string
  userAgent: string
  createdAt: string
  lastSeenAt: string
  current: boolean
}

/** A short device name from a user agent: the browser and the system it runs on. */
export function deviceOf(userAgent: string): string {
  const browser =
    /(Edg|OPR|Chrome|Chromium|Firefox|Safari)\/[\d.]+/.exec(userAgent)?.[0]?.replace(/\.[\d.]+$/, '') ?? ''
  const system =
    /(Windows NT [\d.]+|Mac OS X [\d_]+|Android [\d.]+|iPhone OS [\d_]+|Linux)/.exec(userAgent)?.[0] ?? ''
  const name = [browser.replace('/', ' '), system.replace(/_/g, '.')].filter(Boolean).join(' · ')
  return name || userAgent.slice(0, 60) || '-'
}

export function SessionsTab({ userType }: { userType: number }) {
  const t = useT()
  const base = `/system/${userType === 1 ? 'user' : 'regUser'}/profile/sessions`
  const { data, mutate } = useSWR(base, () => http.get<Result<LiveSession[]>>(base))
  const sessions = data?.data ?? []
  const signOut = async (s: LiveSession) => {
    if (!(await confirmAction(t('adminMore.sessions.confirm')))) return
    try {
      await http.delete<Result>(`${base}/${s.sessionId}`)
      notifySuccess('delete')
      await mutate()
    } catch {
      // Shown by the request layer.
    }
  }
  return (
    <Table.Root size="sm" mt="3" data-testid="profile-sessions">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('adminMore.sessions.device')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('adminMore.sessions.ip')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('adminMore.sessions.signedIn')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('adminMore.sessions.lastSeen')}</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {sessions.map((s) => (
          <Table.Row key={s.sessionId} data-testid="profile-session">
            <Table.Cell title={s.userAgent}>{deviceOf(s.userAgent)}</Table.Cell>
            <Table.Cell>{s.ip || '-'}</Table.Cell>
            <Table.Cell>{formatDateTime(s.createdAt)}</Table.Cell>
            <Table.Cell>{formatDateTime(s.lastSeenAt)}</Table.Cell>
            <Table.Cell textAlign="end">
              {s.current ? (
                <Badge colorPalette="green">{t('adminMore.sessions.current')}</Badge>
              ) : (
                <Button size="xs" variant="outline" colorPalette="red" onClick={() => void signOut(s)}>
                  {t('adminMore.sessions.signOut')}
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
        {sessions.length === 1 && (
          <Table.Row>
            <Table.Cell colSpan={5}>
              <Text color="fg.muted" fontSize="sm">
                {t('adminMore.sessions.none')}
              </Text>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </Table.Root>
  )
}
