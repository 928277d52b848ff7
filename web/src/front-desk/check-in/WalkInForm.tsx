// A walk-in guest checked straight into an empty room (POST /pms/pmsOrder/walkIn): nights — or, in an hour room, hour
// units (the default there) —, the guest, the price of the room type; then the check-in screen of the new order issues
// the cards.
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { MemberView } from '@pms/protocol/api/members'
import type { AvailabilityType, WalkInRequest } from '@pms/protocol/api/orders'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { memberApi } from '../../members/api.ts'
import { MemberLookup, memberPriceNote } from '../../members/MemberLookup.tsx'
import { propertyNow } from '../../session/businessDate.ts'
import { formatMoney, moneyInput, parseMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { orderApi, reserveApi } from '../api.ts'
import { ChannelField, SwitchField, TextField } from '../Fields.tsx'
import { DeskPermission } from '../orders/actions.ts'
import type { FieldError } from '../reservations/reserveForm.ts'
import { DeskPath } from '../shared.ts'
import { GuestFields } from './GuestFields.tsx'
import { checkGuest, emptyGuest } from './guestRules.ts'

export function WalkInForm({ roomId, roomTypeId }: { roomId: number; roomTypeId: number }) {
  const t = useT()
  const [, navigate] = useLocation()
  const permissions = usePermissions()
  const canPrice = hasPermission({ permissions }, [DeskPermission.changePrice])
  const [nights, setNights] = useState('1')
  /** Sold by the hour unit: the default of an hour room (null until the room type is known). */
  const [hourly, setHourly] = useState<boolean | null>(null)
  const [hours, setHours] = useState('3')
  const [type, setType] = useState<AvailabilityType | null>(null)
  /** The stay kind (hourly or not) the price field was last set for. */
  const pricedFor = useRef<boolean | null>(null)
  const [price, setPrice] = useState('')
  const [channel, setChannel] = useState('')
  const [guest, setGuest] = useState(emptyGuest(true))
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const [busy, setBusy] = useState(false)
  const [member, setMember] = useState<MemberView | null>(null)
  const room = type?.freeRooms.find((r) => r.roomId === roomId)

  // The room free from now for the stay asked (an hour stay is free where a night is not: a booking due tonight).
  const hourUnits = Number(hours)
  const askedHours =
    hourly && Number.isInteger(hourUnits) && hourUnits >= 1 && hourUnits <= 48 ? hourUnits : 1
  useEffect(() => {
    reserveApi
      .availability({
        startTime: propertyNow(),
        roomTypeId,
        ...(hourly ? { hourly: true, hours: askedHours } : { nights: 1 }),
      })
      .then((res) => {
        const found = res.data?.types[0] ?? null
        setType(found)
        if (!found) return
        if (hourly === null && found.hourRoom) setHourly(true)
        // The list price of the stay kind, once per kind: a price the clerk typed stays while the length changes.
        else if (pricedFor.current !== Boolean(hourly)) {
          pricedFor.current = Boolean(hourly)
          setPrice(moneyInput(hourly ? found.hourlyPrice : found.dailyPrice))
        }
      })
      .catch(() => setType(null))
  }, [roomTypeId, hourly, askedHours])

  const submit = async () => {
    const errs: Record<string, FieldError> = {}
    const n = Number(nights)
    if (hourly) {
      if (!Number.isInteger(hourUnits) || hourUnits < 1 || hourUnits > 48)
        errs.hours = { key: 'frontDeskConsole.error.range', params: [1, 48] }
    } else if (!Number.isInteger(n) || n < 1 || n > 365)
      errs.nights = { key: 'frontDeskConsole.error.range', params: [1, 365] }
    const parsed = parseMoney(price)
    if (!parsed.ok) errs.price = { key: 'frontDeskConsole.error.money' }
    const checked = checkGuest(guest)
    setErrors({ ...errs, ...(checked.ok ? {} : checked.errors) })
    if (Object.keys(errs).length || !checked.ok || !parsed.ok || !type) return
    const listPrice = hourly ? type.hourlyPrice : type.dailyPrice
    const body: WalkInRequest = {
      ...(hourly ? { hourly: true, hours: hourUnits } : { nights: n }),
      contactName: checked.guest.name,
      ...(checked.guest.phone ? { contactPhone: checked.guest.phone } : {}),
      orderSource: 'frontDesk',
      ...(channel ? { channel } : {}),
      rooms: [
        {
          roomTypeId,
          roomId,
          guests: [checked.guest],
          ...(parsed.cents !== listPrice ? { priceCents: parsed.cents } : {}),
        },
      ],
    }
    setBusy(true)
    try {
      const res = await orderApi.walkIn(body)
      // The member found gets the order: the server prices the stay at the member's grade.
      if (res.data && member)
        await memberApi.bindOrder({ orderId: res.data.orderId, memberId: member.memberId })
      notifySuccess('operation')
      if (res.data) navigate(DeskPath.checkIn(res.data.orderId), { replace: true })
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex direction="column" gap="4" bg="bg" p="4" borderRadius="md" data-testid="walk-in-page">
      <Heading size="md">
        {t('frontDeskConsole.checkIn.walkIn')} · {room?.roomNo ?? ''}
      </Heading>
      {!type ? (
        <Text color="fg.muted">{t('frontDeskConsole.checkIn.roomNotFree')}</Text>
      ) : (
        <Stack gap="3">
          <Text>
            {type.typeName} · {formatMoney(hourly ? type.hourlyPrice : type.dailyPrice)}
          </Text>
          {type.hourRoom && (
            <SwitchField
              label={t('frontDeskConsole.field.hourly')}
              checked={hourly === true}
              onChange={setHourly}
              testId="walk-in-hourly"
            />
          )}
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <TextField
              label={t(hourly ? 'frontDeskConsole.field.hours' : 'frontDeskConsole.field.nights')}
              type="number"
              value={hourly ? hours : nights}
              onChange={hourly ? setHours : setNights}
              error={hourly ? errors.hours : errors.nights}
              testId={hourly ? 'walk-in-hours' : 'walk-in-nights'}
            />
            <TextField
              label={t('frontDeskConsole.field.price')}
              value={price}
              onChange={setPrice}
              disabled={!canPrice}
              error={errors.price}
              testId="walk-in-price"
            />
            <ChannelField value={channel} onChange={setChannel} testId="walk-in-channel" />
          </SimpleGrid>
          <MemberLookup
            onFound={(m) => {
              setMember(m)
              if (m && !guest.name.trim()) setGuest({ ...guest, name: m.name })
            }}
            testId="walk-in-member"
          />
          {member && type && (
            <Text data-testid="walk-in-member-price">
              {memberPriceNote(t, member, hourly ? type.hourlyPrice : type.dailyPrice)}
            </Text>
          )}
          <GuestFields value={guest} errors={errors} onChange={setGuest} testId="walk-in-guest" />
          <Box>
            <Button
              colorPalette="blue"
              loading={busy}
              onClick={() => void submit()}
              data-testid="walk-in-submit"
            >
              {t('frontDeskConsole.checkIn.submit', [1])}
            </Button>
          </Box>
        </Stack>
      )}
    </Flex>
  )
}
