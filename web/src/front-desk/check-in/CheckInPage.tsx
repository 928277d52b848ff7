// The check-in screen (component pms/pmsOrder/checkIn): ?orderId=[&orderRoomId=] checks in the booked rooms of an
// order, ?roomId=&roomTypeId= a walk-in guest into an empty room. Guests first (a mainland ID is checked with the
// protocol validator), then guest cards per room through the bridge. The tab title names the rooms.
import { Box, Button, Center, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react'
import { maskIdNumber } from '@pms/protocol'
import type { AvailabilityType, OrderDetail, OrderRoomView } from '@pms/protocol/api/orders'
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { tagsStore } from '../../layout/tagsStore.ts'
import { OrderMemberBox } from '../../members/OrderMemberBox.tsx'
import { APARTMENT_CHECK_IN_FLAG } from '../../router/titles.ts'
import { businessToday } from '../../session/businessDate.ts'
import { useSession } from '../../session/store.ts'
import { confirmAction } from '../../ui/confirm.ts'
import { orderApi, reserveApi } from '../api.ts'
import { SelectField } from '../Fields.tsx'
import type { FieldError } from '../reservations/reserveForm.ts'
import { DeskPath, useOrder, useQueryId } from '../shared.ts'
import { CardIssueBox } from './CardIssueBox.tsx'
import { GuestFields } from './GuestFields.tsx'
import { checkGuest, emptyGuest, type GuestForm } from './guestRules.ts'
import { WalkInForm } from './WalkInForm.tsx'

interface RoomEntry {
  roomId: string
  guests: GuestForm[]
  errors: Array<Record<string, FieldError>>
}

function useTitle(rooms: readonly string[]) {
  const t = useT()
  const { flags } = useSession()
  const [path] = useLocation()
  const search = useSearch()
  const key = flags.includes(APARTMENT_CHECK_IN_FLAG)
    ? 'frontDeskConsole.checkIn.titleApartment'
    : 'frontDeskConsole.checkIn.title'
  const detail = rooms.join(', ')
  const title = detail ? `${t(key)} · ${detail}` : t(key)
  // The tab keeps the key, not the words, so it follows a language switch.
  useEffect(() => {
    if (detail) tagsStore.retitle(search ? `${path}?${search}` : path, key, detail)
  }, [path, search, key, detail])
  return title
}

export default function CheckInPage() {
  const orderId = useQueryId('orderId')
  const roomId = useQueryId('roomId')
  const roomTypeId = useQueryId('roomTypeId')
  if (!orderId && roomId && roomTypeId) return <WalkInForm roomId={roomId} roomTypeId={roomTypeId} />
  return <OrderCheckIn orderId={orderId} />
}

function OrderCheckIn({ orderId }: { orderId: number | undefined }) {
  const t = useT()
  const onlyRoom = useQueryId('orderRoomId')
  const { order, failed, reload } = useOrder(orderId, true)
  const [entries, setEntries] = useState<Record<number, RoomEntry>>({})
  const [free, setFree] = useState<Record<number, AvailabilityType>>({})
  const [busy, setBusy] = useState(false)

  const booked = useMemo(
    () =>
      (order?.rooms ?? []).filter((r) => r.state === 'booking' && (!onlyRoom || r.orderRoomId === onlyRoom)),
    [order, onlyRoom],
  )
  const staying = useMemo(
    () =>
      (order?.rooms ?? []).filter(
        (r) => r.state === 'checkIn' && r.roomNo && (!onlyRoom || r.orderRoomId === onlyRoom),
      ),
    [order, onlyRoom],
  )
  const title = useTitle([...booked, ...staying].map((r) => r.roomNo ?? r.typeName))

  // The reservation's contact is the first guest of the first room still without one: name and phone prefilled.
  const contactName = order?.contactName ?? ''
  const contactPhone = order?.contactPhone ?? ''
  useEffect(() => {
    const next: Record<number, RoomEntry> = {}
    let contact = Boolean(contactName)
    for (const r of booked) {
      const guest = emptyGuest(true)
      if (!r.guests.length && contact) {
        guest.name = contactName
        guest.phone = contactPhone
        contact = false
      }
      next[r.orderRoomId] = {
        roomId: r.roomId ? String(r.roomId) : '',
        guests: r.guests.length ? [] : [guest],
        errors: [],
      }
    }
    setEntries(next)
  }, [booked, contactName, contactPhone])

  // Rooms not assigned yet are chosen from the rooms of their type free over the stay.
  useEffect(() => {
    const open = booked.filter((r) => !r.roomId)
    if (!open.length) return
    for (const r of open)
      reserveApi
        .availability({
          startTime: r.startTime,
          endTime: r.endTime,
          roomTypeId: r.roomTypeId,
          hourly: order?.hourly,
        })
        .then((res) => {
          const type = res.data?.types[0]
          if (type) setFree((f) => ({ ...f, [r.orderRoomId]: type }))
        })
        .catch(() => {})
  }, [booked, order?.hourly])

  if (!orderId || failed) return <Text color="fg.error">{t('orders.orderNotFound')}</Text>
  if (!order)
    return (
      <Center py="10">
        <Spinner />
      </Center>
    )

  const setEntry = (id: number, patch: Partial<RoomEntry>) =>
    setEntries((e) => ({ ...e, [id]: { ...e[id]!, ...patch } }))

  const checkIn = async () => {
    let valid = true
    const rooms: NonNullable<Parameters<typeof orderApi.checkIn>[0]['rooms']> = []
    const next = { ...entries }
    for (const r of booked) {
      const entry = entries[r.orderRoomId]!
      const checked = entry.guests.map(checkGuest)
      next[r.orderRoomId] = { ...entry, errors: checked.map((c) => (c.ok ? {} : c.errors)) }
      if (checked.some((c) => !c.ok)) valid = false
      if (!entry.roomId) valid = false
      rooms.push({
        orderRoomId: r.orderRoomId,
        ...(r.roomId ? {} : entry.roomId ? { roomId: Number(entry.roomId) } : {}),
        guests: checked.flatMap((c) => (c.ok ? [c.guest] : [])),
      })
    }
    setEntries(next)
    if (!valid) return
    // Guests booked from a later day: the desk confirms the nights added before their arrival.
    const today = businessToday()
    const arrival = booked.map((r) => r.startTime.slice(0, 10)).sort()[0] ?? today
    const early = arrival > today
    if (early && !(await confirmAction(t('frontDeskConsole.checkIn.earlyConfirm', [arrival, today])))) return
    setBusy(true)
    try {
      await orderApi.checkIn({ orderId: order.orderId, rooms, ...(early ? { early: true } : {}) })
      notifySuccess('operation')
      await reload()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex direction="column" gap="4" bg="bg" p="4" borderRadius="md" data-testid="check-in-page">
      <Flex gap="3" align="center">
        <Heading size="md" data-testid="check-in-title">
          {title}
        </Heading>
        <Text color="fg.muted">{order.orderNo}</Text>
        <Button size="xs" variant="outline" ms="auto" onClick={() => window.history.back()}>
          {t('frontDeskConsole.back')}
        </Button>
      </Flex>
      {booked.length > 0 && (
        <Stack gap="3">
          <OrderMemberBox orderId={order.orderId} rooms={booked} onAttached={() => void reload()} />
          {booked.map((r) => (
            <BookedRoom
              key={r.orderRoomId}
              room={r}
              entry={entries[r.orderRoomId]}
              free={free[r.orderRoomId]}
              onChange={(patch) => setEntry(r.orderRoomId, patch)}
            />
          ))}
          <Box>
            <Button
              colorPalette="blue"
              loading={busy}
              onClick={() => void checkIn()}
              data-testid="check-in-submit"
            >
              {t('frontDeskConsole.checkIn.submit', [booked.length])}
            </Button>
          </Box>
        </Stack>
      )}
      {staying.length > 0 && (
        <Stack gap="2" data-testid="check-in-cards">
          <Text fontWeight="semibold">{t('frontDeskConsole.checkIn.cards')}</Text>
          {staying.map((r) => (
            <CardIssueBox
              key={r.orderRoomId}
              target={{ kind: 'stay', orderRoomId: r.orderRoomId }}
              roomNo={r.roomNo!}
            />
          ))}
          <Box>
            <LinkButton to={DeskPath.detail(order.orderId)} label={t('frontDeskConsole.checkIn.toDetail')} />
          </Box>
        </Stack>
      )}
      {booked.length === 0 && staying.length === 0 && (
        <Text color="fg.muted">{t('frontDeskConsole.checkIn.nothing')}</Text>
      )}
    </Flex>
  )
}

function LinkButton({ to, label }: { to: string; label: string }) {
  const [, navigate] = useLocation()
  return (
    <Button size="sm" variant="outline" onClick={() => navigate(to)} data-testid="check-in-detail">
      {label}
    </Button>
  )
}

function BookedRoom(props: {
  room: OrderRoomView
  entry: RoomEntry | undefined
  free: AvailabilityType | undefined
  onChange: (patch: Partial<RoomEntry>) => void
}) {
  const t = useT()
  const { room, entry, free, onChange } = props
  if (!entry) return null
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="check-in-room" data-order-room={room.orderRoomId}>
      <Flex gap="3" align="center" mb="2" wrap="wrap">
        <Text fontWeight="bold">{room.roomNo ?? room.typeName}</Text>
        <Text fontSize="sm">{room.typeName}</Text>
        <Text fontSize="sm" color="fg.muted">
          {room.startTime} → {room.endTime}
        </Text>
        {!room.roomId && (
          <Box minW="200px">
            <SelectField
              label={t('frontDeskConsole.field.room')}
              value={entry.roomId}
              empty={t('crud.choose')}
              options={(free?.freeRooms ?? []).map((f) => ({ value: String(f.roomId), label: f.roomNo }))}
              onChange={(v) => onChange({ roomId: v })}
              error={
                entry.roomId
                  ? undefined
                  : entry.errors.length
                    ? { key: 'frontDeskConsole.error.required', params: ['room'] }
                    : undefined
              }
              testId="check-in-room-select"
            />
          </Box>
        )}
      </Flex>
      {room.guests.map((g) => (
        <Text key={g.guestId} fontSize="sm" data-testid="check-in-existing-guest">
          {g.name} {maskIdNumber(g.idNo)}
        </Text>
      ))}
      <Stack gap="2">
        {entry.guests.map((g, i) => (
          <GuestFields
            // biome-ignore lint/suspicious/noArrayIndexKey: guests are added at the end and removed as a whole
            key={i}
            value={g}
            errors={entry.errors[i]}
            onChange={(next) => onChange({ guests: entry.guests.map((x, j) => (j === i ? next : x)) })}
            testId={`check-in-guest-${i}`}
          />
        ))}
      </Stack>
      <Flex gap="2" mt="2">
        <Button
          size="xs"
          variant="outline"
          onClick={() => onChange({ guests: [...entry.guests, emptyGuest(entry.guests.length === 0)] })}
          data-testid="check-in-add-guest"
        >
          {t('frontDeskConsole.checkIn.addGuest')}
        </Button>
        {entry.guests.length > 0 && (
          <Button
            size="xs"
            variant="ghost"
            onClick={() => onChange({ guests: entry.guests.slice(0, -1), errors: [] })}
          >
            {t('frontDeskConsole.checkIn.removeGuest')}
          </Button>
        )}
      </Flex>
    </Box>
  )
}

export type { OrderDetail }
