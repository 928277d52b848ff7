// The booking dialog: the stay (date and time, nights or hours), free rooms per type and night as the clerk books,
// one line per room (type, room now or later, price from the type), then contact, deposit, sources and remark.
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { MemberView } from '@pms/protocol/api/members'
import type { Availability, AvailabilityType, OrderView } from '@pms/protocol/api/orders'
import { PAYMENT_METHODS } from '@pms/protocol/billing/index'
import { useEffect, useMemo, useRef, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { memberApi } from '../../members/api.ts'
import { MemberLookup } from '../../members/MemberLookup.tsx'
import { businessToday } from '../../session/businessDate.ts'
import { sessionStore } from '../../session/store.ts'
import { moneyInput } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { reserveApi } from '../api.ts'
import { ChannelField, SelectField, SwitchField, TextField, useErrorText } from '../Fields.tsx'
import { DeskPermission } from '../orders/actions.ts'
import { AvailabilityGrid } from './AvailabilityGrid.tsx'
import {
  buildReserve,
  CUSTOMER_SOURCES,
  defaultArrival,
  nightsError,
  ORDER_SOURCES,
  type ReserveErrors,
  type ReserveForm,
  type ReserveLine,
  typePrice,
} from './reserveForm.ts'

export interface ReservePreset {
  roomId?: number
  roomTypeId?: number
}

interface Props {
  open: boolean
  preset?: ReservePreset
  onClose: () => void
  onSaved: (order: OrderView) => void
}

const initialForm = (): ReserveForm => ({
  hourly: false,
  startDate: businessToday(),
  startClock: defaultArrival(sessionStore.get().checkOutTime),
  nights: '1',
  hours: '3',
  lines: [],
  contactName: '',
  contactPhone: '',
  depositText: '',
  depositMethod: 'cash',
  orderSource: 'frontDesk',
  customerSource: '',
  channel: '',
  salesman: '',
  externalNo: '',
  remark: '',
  secret: false,
})

let lineSerial = 0

export function ReserveDialog({ open, preset, onClose, onSaved }: Props) {
  const [member, setMember] = useState<MemberView | null>(null)
  useEffect(() => {
    if (!open) setMember(null)
  }, [open])
  const t = useT()
  const errorText = useErrorText()
  const permissions = usePermissions()
  const canChangePrice = hasPermission({ permissions }, [DeskPermission.changePrice])
  const [form, setForm] = useState<ReserveForm>(initialForm)
  const [errors, setErrors] = useState<ReserveErrors>({})
  const [avail, setAvail] = useState<Availability | null>(null)
  const [loading, setLoading] = useState(false)
  const [saving, setSaving] = useState(false)
  const presetDone = useRef(false)

  useEffect(() => {
    if (!open) return
    setForm(initialForm())
    setErrors({})
    setAvail(null)
    presetDone.current = false
  }, [open])

  const set = (patch: Partial<ReserveForm>) => setForm((f) => ({ ...f, ...patch }))
  const stayKey = `${form.hourly}|${form.startDate}|${form.startClock}|${form.hourly ? form.hours : form.nights}`

  // biome-ignore lint/correctness/useExhaustiveDependencies: stayKey stands for the stay fields
  useEffect(() => {
    if (!open) return
    const amount = Number(form.hourly ? form.hours : form.nights)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.startDate) || !Number.isInteger(amount) || amount < 1) return
    if (!form.hourly && nightsError(form.nights)) return setAvail(null)
    let live = true
    setLoading(true)
    reserveApi
      .availability({
        startTime: `${form.startDate} ${form.startClock || '00:00'}:00`,
        hourly: form.hourly,
        ...(form.hourly ? { hours: amount } : { nights: amount }),
      })
      .then((res) => live && setAvail(res.data ?? null))
      .catch(() => live && setAvail(null))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [open, stayKey])

  const types = avail?.types ?? []
  const byType = useMemo(() => new Map(types.map((ty) => [ty.roomTypeId, ty])), [types])
  const taken = useMemo(() => {
    const m = new Map<number, number>()
    for (const l of form.lines) m.set(l.roomTypeId, (m.get(l.roomTypeId) ?? 0) + 1)
    return m
  }, [form.lines])

  const addLine = (type: AvailabilityType, roomId?: number) =>
    setForm((f) => ({
      ...f,
      lines: [
        ...f.lines,
        {
          key: `l${++lineSerial}`,
          roomTypeId: type.roomTypeId,
          roomId,
          priceText: moneyInput(typePrice(type, f.hourly)),
        },
      ],
    }))

  // A booking opened from an empty room of the status chart starts with that room (once, when the rooms are known).
  // biome-ignore lint/correctness/useExhaustiveDependencies: addLine is a fresh closure each render; it only appends
  useEffect(() => {
    if (!open || presetDone.current || !avail || !preset?.roomTypeId) return
    const type = avail.types.find((ty) => ty.roomTypeId === preset.roomTypeId)
    presetDone.current = true
    if (type)
      addLine(type, type.freeRooms.some((r) => r.roomId === preset.roomId) ? preset.roomId : undefined)
  }, [open, avail, preset])

  const setLine = (key: string, patch: Partial<ReserveLine>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }))

  const save = async () => {
    const built = buildReserve(form, types, canChangePrice)
    if (!built.ok) {
      setErrors(built.errors)
      return
    }
    setErrors({})
    setSaving(true)
    try {
      let res = await reserveApi.add(built.body)
      // The member found gets the order: the server prices its stays at the member's grade.
      if (res.data && member) {
        await memberApi.bindOrder({ orderId: res.data.orderId, memberId: member.memberId })
        res = await reserveApi.get(res.data.orderId)
      }
      notifySuccess('add')
      onClose()
      if (res.data) onSaved(res.data)
    } catch {
      // The request layer showed the server's message (e.g. a room taken meanwhile).
    } finally {
      setSaving(false)
    }
  }

  const hasHourly = types.some((ty) => ty.hourRoom) || form.hourly
  const typeErrors = Object.entries(errors).filter(([k]) => k.startsWith('type.'))

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reserve-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('frontDeskConsole.reserve.new')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="end">
                  <TextField
                    label={t('frontDeskConsole.field.startDate')}
                    type="date"
                    value={form.startDate}
                    onChange={(v) => set({ startDate: v })}
                    error={errors.startDate}
                    required
                    testId="reserve-start-date"
                  />
                  <TextField
                    label={t('frontDeskConsole.field.startClock')}
                    type="time"
                    value={form.startClock}
                    onChange={(v) => set({ startClock: v })}
                    error={errors.startClock}
                    required
                    testId="reserve-start-clock"
                  />
                  {form.hourly ? (
                    <TextField
                      label={t('frontDeskConsole.field.hours')}
                      type="number"
                      value={form.hours}
                      onChange={(v) => set({ hours: v })}
                      error={errors.hours}
                      required
                      testId="reserve-hours"
                    />
                  ) : (
                    <TextField
                      label={t('frontDeskConsole.field.nights')}
                      type="number"
                      value={form.nights}
                      onChange={(v) => set({ nights: v })}
                      error={errors.nights ?? nightsError(form.nights) ?? undefined}
                      required
                      testId="reserve-nights"
                    />
                  )}
                  {hasHourly && (
                    <SwitchField
                      label={t('frontDeskConsole.field.hourly')}
                      checked={form.hourly}
                      onChange={(hourly) => set({ hourly, lines: [] })}
                      testId="reserve-hourly"
                    />
                  )}
                </SimpleGrid>
                <Box>
                  <Flex gap="2" align="center" mb="1">
                    <Text fontWeight="semibold">{t('frontDeskConsole.reserve.availability')}</Text>
                    {avail && (
                      <Text fontSize="xs" color="fg.muted">
                        {avail.startTime} – {avail.endTime}
                      </Text>
                    )}
                    {loading && <Spinner size="xs" />}
                  </Flex>
                  <AvailabilityGrid
                    types={types}
                    hourly={form.hourly}
                    taken={taken}
                    onAdd={(ty) => addLine(ty)}
                  />
                  {typeErrors.map(([k, err]) => (
                    <Text key={k} color="fg.error" fontSize="sm" data-testid="reserve-type-error">
                      {errorText(err)}
                    </Text>
                  ))}
                </Box>
                <Box>
                  <Text fontWeight="semibold" mb="1">
                    {t('frontDeskConsole.reserve.rooms', [form.lines.length])}
                  </Text>
                  {errors.lines && (
                    <Text color="fg.error" fontSize="sm" data-testid="reserve-lines-error">
                      {errorText(errors.lines)}
                    </Text>
                  )}
                  {form.lines.length > 0 && (
                    <Table.Root size="sm" data-testid="reserve-lines">
                      <Table.Body>
                        {form.lines.map((line) => {
                          const type = byType.get(line.roomTypeId)
                          const lineError = errors[`line.${line.key}`]
                          const others = new Set(form.lines.filter((l) => l !== line).map((l) => l.roomId))
                          return (
                            <Table.Row key={line.key} data-testid="reserve-line">
                              <Table.Cell>{type?.typeName ?? line.roomTypeId}</Table.Cell>
                              <Table.Cell minW="160px">
                                <SelectField
                                  label={t('frontDeskConsole.field.room')}
                                  value={line.roomId ? String(line.roomId) : ''}
                                  empty={t('frontDeskConsole.reserve.assignLater')}
                                  options={(type?.freeRooms ?? [])
                                    .filter((r) => !others.has(r.roomId))
                                    .map((r) => ({ value: String(r.roomId), label: r.roomNo }))}
                                  onChange={(v) => setLine(line.key, { roomId: v ? Number(v) : undefined })}
                                  testId="reserve-line-room"
                                />
                              </Table.Cell>
                              <Table.Cell minW="140px">
                                <TextField
                                  label={t('frontDeskConsole.field.price')}
                                  value={line.priceText}
                                  disabled={!canChangePrice}
                                  onChange={(v) => setLine(line.key, { priceText: v })}
                                  error={lineError}
                                  testId="reserve-line-price"
                                />
                              </Table.Cell>
                              <Table.Cell>
                                <CloseButton
                                  size="sm"
                                  aria-label={t('frontDeskConsole.reserve.removeLine')}
                                  onClick={() =>
                                    setForm((f) => ({
                                      ...f,
                                      lines: f.lines.filter((l) => l.key !== line.key),
                                    }))
                                  }
                                />
                              </Table.Cell>
                            </Table.Row>
                          )
                        })}
                      </Table.Body>
                    </Table.Root>
                  )}
                </Box>
                {open && (
                  <MemberLookup
                    onFound={(m) => {
                      setMember(m)
                      if (m && !form.contactName.trim()) set({ contactName: m.name })
                    }}
                    testId="reserve-member"
                  />
                )}
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                  <TextField
                    label={t('frontDeskConsole.field.contactName')}
                    value={form.contactName}
                    onChange={(v) => set({ contactName: v })}
                    error={errors.contactName}
                    required
                    testId="reserve-contact-name"
                  />
                  <TextField
                    label={t('frontDeskConsole.field.contactPhone')}
                    value={form.contactPhone}
                    onChange={(v) => set({ contactPhone: v })}
                    error={errors.contactPhone}
                    testId="reserve-contact-phone"
                  />
                  <TextField
                    label={t('frontDeskConsole.field.deposit')}
                    value={form.depositText}
                    onChange={(v) => set({ depositText: v })}
                    error={errors.depositText}
                    testId="reserve-deposit"
                  />
                  {form.depositText.trim() !== '' && (
                    <SelectField
                      label={t('frontDeskConsole.field.method')}
                      value={form.depositMethod}
                      options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`billing.method.${m}`) }))}
                      onChange={(v) => set({ depositMethod: v })}
                      testId="reserve-deposit-method"
                    />
                  )}
                  <SelectField
                    label={t('frontDeskConsole.field.orderSource')}
                    value={form.orderSource}
                    options={ORDER_SOURCES.map((s) => ({
                      value: s,
                      label: t(`frontDeskConsole.orderSource.${s}`),
                    }))}
                    onChange={(v) => set({ orderSource: v })}
                    testId="reserve-order-source"
                  />
                  <SelectField
                    label={t('frontDeskConsole.field.customerSource')}
                    value={form.customerSource}
                    empty={t('crud.choose')}
                    options={CUSTOMER_SOURCES.map((s) => ({
                      value: s,
                      label: t(`frontDeskConsole.customerSource.${s}`),
                    }))}
                    onChange={(v) => set({ customerSource: v })}
                    testId="reserve-customer-source"
                  />
                  <ChannelField
                    value={form.channel}
                    onChange={(v) => set({ channel: v })}
                    testId="reserve-channel"
                  />
                  <TextField
                    label={t('frontDeskConsole.field.salesman')}
                    value={form.salesman}
                    onChange={(v) => set({ salesman: v })}
                    error={errors.salesman}
                    testId="reserve-salesman"
                  />
                  <TextField
                    label={t('frontDeskConsole.field.externalNo')}
                    value={form.externalNo}
                    onChange={(v) => set({ externalNo: v })}
                    error={errors.externalNo}
                    testId="reserve-external-no"
                  />
                  <Box gridColumn={{ md: 'span 2' }}>
                    <TextField
                      label={t('frontDeskConsole.field.remark')}
                      value={form.remark}
                      onChange={(v) => set({ remark: v })}
                      error={errors.remark}
                      testId="reserve-remark"
                    />
                  </Box>
                  <SwitchField
                    label={t('frontDeskConsole.field.secret')}
                    checked={form.secret}
                    onChange={(secret) => set({ secret })}
                    testId="reserve-secret"
                  />
                </SimpleGrid>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={saving}
                onClick={() => void save()}
                data-testid="reserve-save"
              >
                {t('frontDeskConsole.reserve.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
