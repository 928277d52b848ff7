// Today at the desk, on the home page of a property user: the day's figures, the stays due to arrive (check in from
// here) and the stays due out (check out or open the order from here). Refreshed when a push record arrives.
import { Badge, Button, Card, Flex, SimpleGrid, Stat, Table, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { DeskToday } from '@pms/protocol/api/desk-today'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { DeskPermission } from '../front-desk/orders/actions.ts'
import { DeskPath } from '../front-desk/shared.ts'
import { useT } from '../i18n/t.ts'
import { reloadOnLive } from '../notifications/pushStore.ts'
import { coalesced } from '../ui/coalesced.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { formatDateTime } from '../ui/format.ts'
import { useTimedReload } from '../ui/useTimedReload.ts'
import { todayApi } from './api.ts'

/** Who may see the desk's day: the order list's permission (the server's rule for GET /pms/pmsOrder/today). */
export const TODAY_PERMISSION = 'pms:pmsOrder:list'

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stat.Root borderWidth="1px" p="3" rounded="md" bg="bg">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText data-testid={testId}>{value}</Stat.ValueText>
    </Stat.Root>
  )
}

function List({
  title,
  testId,
  head,
  empty,
  children,
}: {
  title: string
  testId: string
  head: string[]
  empty: boolean
  children: ReactNode
}) {
  const t = useT()
  return (
    <Card.Root data-testid={testId} size="sm">
      <Card.Header>
        <Card.Title>{title}</Card.Title>
      </Card.Header>
      <Card.Body>
        {empty ? (
          <Text color="fg.muted">{t('deskChart.today.none')}</Text>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {head.map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>{children}</Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  )
}

export function TodayPanel() {
  const t = useT()
  const permissions = usePermissions()
  const [, navigate] = useLocation()
  const [today, setToday] = useState<DeskToday | null>(null)
  const may = (permission: string) => hasPermission({ permissions }, [permission])

  /** Completed reads: each schedules the next one the clock asks for (useTimedReload). */
  const [loads, setLoads] = useState(0)
  const load = useCallback(
    () =>
      todayApi
        .get()
        .then((res) => {
          setToday(res.data ?? null)
          setLoads((n) => n + 1)
        })
        .catch(() => {}),
    [],
  )
  useEffect(() => {
    void load()
    // Today's arrivals, departures and figures follow every desk's stays.
    return reloadOnLive(coalesced(load), { rooms: true })
  }, [load])
  // A departure turning overdue, an arrival's booking ending: the day says when, and is read again then.
  useTimedReload(today?.changesAt, loads, load)

  if (!today) return null
  const { figures, arrivals, departures } = today
  const room = (roomNo: string | null, typeName: string) => (roomNo ? `${roomNo} · ${typeName}` : typeName)
  return (
    <Flex direction="column" gap="3" data-testid="home-today">
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
        <Figure label={t('deskChart.today.arrivals')} value={figures.arriving} testId="today-arriving" />
        <Figure label={t('deskChart.dueOut')} value={figures.dueOut} testId="today-due-out" />
        <Figure label={t('deskChart.overdue')} value={figures.overdue} testId="today-overdue" />
        <Figure label={t('deskChart.today.inHouse')} value={figures.inHouse} testId="today-in-house" />
        <Figure label={t('deskChart.today.vacant')} value={figures.vacant} testId="today-vacant" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="3">
        <List
          title={t('deskChart.today.arrivals')}
          testId="today-arrivals"
          empty={arrivals.length === 0}
          head={[
            t('deskChart.col.orderNo'),
            t('deskChart.col.room'),
            t('deskChart.col.guest'),
            t('deskChart.col.phone'),
            t('deskChart.col.time'),
          ]}
        >
          {arrivals.map((a) => (
            <Table.Row key={a.orderRoomId} data-testid="today-arrival" data-order-no={a.orderNo}>
              <Table.Cell>{a.orderNo}</Table.Cell>
              <Table.Cell>{room(a.roomNo, a.typeName)}</Table.Cell>
              <Table.Cell>{a.contactName}</Table.Cell>
              <Table.Cell>{a.contactPhone}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(a.startTime)}</Table.Cell>
              <Table.Cell>
                {may(DeskPermission.checkIn) && (
                  <Button
                    size="xs"
                    data-testid="today-check-in"
                    onClick={() => navigate(DeskPath.checkIn(a.orderId, a.orderRoomId))}
                  >
                    {t('frontDeskConsole.roomStatus.checkIn')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </List>
        <List
          title={t('deskChart.today.departures')}
          testId="today-departures"
          empty={departures.length === 0}
          head={[
            t('deskChart.col.orderNo'),
            t('deskChart.col.room'),
            t('deskChart.col.guest'),
            t('deskChart.col.time'),
            t('deskChart.col.balance'),
          ]}
        >
          {departures.map((d) => (
            <Table.Row key={d.orderRoomId} data-testid="today-departure" data-order-no={d.orderNo}>
              <Table.Cell>{d.orderNo}</Table.Cell>
              <Table.Cell>{room(d.roomNo, d.typeName)}</Table.Cell>
              <Table.Cell>{d.guestName}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {formatDateTime(d.endTime)}
                {d.overdue && (
                  <Badge ms="1" colorPalette="red">
                    {t('deskChart.overdue')}
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell data-testid="today-balance">{formatMoney(d.balanceCents)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {may(DeskPermission.checkOut) && (
                  <Button
                    size="xs"
                    data-testid="today-check-out"
                    onClick={() => navigate(DeskPath.checkOut(d.orderId))}
                  >
                    {t('frontDeskConsole.roomStatus.checkOut')}
                  </Button>
                )}
                {may('pms:pmsOrder:query') && (
                  <Button size="xs" variant="ghost" onClick={() => navigate(DeskPath.detail(d.orderId))}>
                    {t('frontDeskConsole.roomStatus.details')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </List>
      </SimpleGrid>
    </Flex>
  )
}
