// The folio dialog: a charge (cost item of the room's type or a free item), an expense paid out for the guest, a
// deposit or a payment (with its receipt type), or a refund. A payment on an order with a member may also be taken
// from the member's stored value or points (the member routes, under their rules), at check-out as on the folio.
// Amounts are typed in yuan and sent in cents; one idempotency key per submission, so a double click posts once.
import { Button, Dialog, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { FolioView } from '@pms/protocol/api/billing'
import type { MemberView } from '@pms/protocol/api/members'
import type { OrderRoomView } from '@pms/protocol/api/orders'
import { PAYMENT_METHODS, RECEIPT_TYPES } from '@pms/protocol/billing/index'
import { useEffect, useMemo, useRef, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { refundReasonText } from '../../i18n/dict.ts'
import { useT } from '../../i18n/t.ts'
import { memberApi } from '../../members/api.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { folioApi, roomTypeCosts } from '../api.ts'
import { SelectField, TextField } from '../Fields.tsx'
import { createKeyKeeper } from '../idempotency.ts'
import type { FieldError } from '../reservations/reserveForm.ts'
import {
  buildEntry,
  type CostOption,
  type EntryForm,
  type EntryKind,
  emptyEntry,
  isMemberMethod,
  MEMBER_METHODS,
  type PropertyItemOption,
} from './entryForm.ts'
import { receiptApi } from './receiptApi.ts'

export interface EntryRequest {
  kind: EntryKind
  orderRoomId?: number
  /** Starting amount in cents (e.g. the balance to pay or refund). */
  amountCents?: number
  /**
   * Money to the order's own folio although it bills to another order's account (a joined order's check-out pays
   * or refunds its own balance); the member's stored value, which pays the account's folio, is not offered then.
   */
  ownFolio?: boolean
}

interface Props {
  request: EntryRequest | null
  orderId: number
  /** The folio the entry goes to: its totals bound the amount, a settled one takes nothing. */
  folio: Pick<FolioView, 'totals' | 'settled'>
  rooms: readonly OrderRoomView[]
  onClose: () => void
  onPosted: () => void
}

export function EntryDialog({ request, orderId, folio, rooms, onClose, onPosted }: Props) {
  const t = useT()
  const [form, setForm] = useState<EntryForm>(() => emptyEntry('charge'))
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const [costs, setCosts] = useState<CostOption[]>([])
  const [items, setItems] = useState<PropertyItemOption[]>([])
  const [refundTypes, setRefundTypes] = useState<Array<{ value: string; label: string }>>([])
  const [busy, setBusy] = useState(false)
  const keeper = useRef(createKeyKeeper())
  const inFlight = useRef(false)
  const permissions = usePermissions()
  const memberPays = hasPermission({ permissions }, ['pms:pmsMember:pay'])
  /** The order's member, offered as a way to pay (a usable one only). */
  const [member, setMember] = useState<MemberView | null>(null)

  useEffect(() => {
    if (!request) return
    keeper.current = createKeyKeeper()
    setErrors({})
    setForm({
      ...emptyEntry(
        request.kind,
        request.orderRoomId ?? rooms.find((r) => r.state === 'checkIn')?.orderRoomId,
      ),
      amountText: request.amountCents ? formatMoney(request.amountCents).replaceAll(',', '') : '',
    })
  }, [request, rooms])

  const room = rooms.find((r) => r.orderRoomId === form.orderRoomId)
  const roomTypeId = room?.roomTypeId
  useEffect(() => {
    setCosts([])
    if (request?.kind !== 'charge' || !roomTypeId) return
    let live = true
    roomTypeCosts(roomTypeId)
      .then((res) => {
        if (!live) return
        const items = (res.data?.costItems ?? []).filter((c) => c.costId !== undefined)
        setCosts(items.map((c) => ({ costId: c.costId!, costName: c.costName, amount: c.amount })))
      })
      .catch(() => {
        // Without pms:pmsRoomType:query only free items are offered.
      })
    return () => {
      live = false
    }
  }, [request, roomTypeId])

  // The property's charge items (minibar, laundry…), offered beside the room type's cost items.
  useEffect(() => {
    if (request?.kind !== 'charge') return
    let live = true
    folioApi
      .chargeItems()
      .then((res) => {
        if (live)
          setItems(
            (res.data ?? []).map((i) => ({
              chargeItemId: i.chargeItemId,
              itemName: i.itemName,
              priceCents: i.priceCents,
            })),
          )
      })
      .catch(() => {
        // Without items only the room type's cost items and free items are offered.
      })
    return () => {
      live = false
    }
  }, [request])

  useEffect(() => {
    setMember(null)
    if (request?.kind !== 'payment' || request.ownFolio || !memberPays) return
    let live = true
    memberApi
      .orderMember(orderId)
      .then((res) => {
        const found = res.data?.member ?? null
        if (live) setMember(found && !found.unusable ? found : null)
      })
      .catch(() => {
        // Without pms:pmsMember:query the desk's own methods are offered.
      })
    return () => {
      live = false
    }
  }, [request, orderId, memberPays])

  // Refund reasons are the pms_refund_type dictionary's values in force (SPEC §3), labelled in the reader's language
  // when the pack knows the value, else with the dictionary's own label.
  useEffect(() => {
    if (request?.kind !== 'refund') return
    let live = true
    folioApi
      .refundTypes()
      .then((res) => {
        if (!live) return
        const types = (res.data ?? []).map((d) => ({ value: String(d.dictValue), label: d.dictLabel }))
        setRefundTypes(types)
        setForm((f) =>
          f.kind === 'refund' && !types.some((r) => r.value === f.reason)
            ? { ...f, reason: types[0]?.value ?? '' }
            : f,
        )
      })
      .catch(() => setRefundTypes([]))
    return () => {
      live = false
    }
  }, [request])

  const set = (patch: Partial<EntryForm>) => setForm((f) => ({ ...f, ...patch }))
  const itemValue =
    form.chargeItemId !== undefined
      ? `item:${form.chargeItemId}`
      : form.costId !== undefined
        ? `cost:${form.costId}`
        : ''
  const pickItem = (value: string) => {
    const [source, id] = value.split(':')
    set({
      costId: source === 'cost' ? Number(id) : undefined,
      chargeItemId: source === 'item' ? Number(id) : undefined,
      amountText: '',
    })
  }
  const pickedItem = items.find((i) => i.chargeItemId === form.chargeItemId)
  const kind = form.kind
  const methods = useMemo(
    () => [
      ...PAYMENT_METHODS.map((m) => ({ value: m, label: t(`billing.method.${m}`) })),
      ...(kind === 'payment' && member
        ? MEMBER_METHODS.map((m) => ({
            value: m,
            label: `${t(`billing.method.${m}`)} · ${
              m === 'memberCard' ? formatMoney(member.balanceCents) : member.points
            }`,
          }))
        : []),
    ],
    [t, kind, member],
  )
  const payingMember = member
    ? { memberId: member.memberId, balanceCents: member.balanceCents, points: member.points }
    : null

  const submit = async () => {
    if (inFlight.current) return
    const built = buildEntry(form, orderId, folio, costs, items, payingMember)
    if (!built.ok) {
      setErrors(built.errors)
      return
    }
    setErrors({})
    const idempotencyKey = keeper.current.keyFor(built.entry)
    inFlight.current = true
    setBusy(true)
    try {
      const { entry } = built
      const own = request?.ownFolio ? { ownFolio: true } : {}
      if (entry.kind === 'charge') await folioApi.charge({ ...entry.body, idempotencyKey })
      else if (entry.kind === 'expense') await receiptApi.expense({ ...entry.body, idempotencyKey })
      else if (entry.kind === 'refund') await folioApi.refund({ ...entry.body, ...own, idempotencyKey })
      else if (entry.kind === 'memberPay')
        await (entry.method === 'points' ? memberApi.payPoints : memberApi.pay)({
          ...entry.body,
          idempotencyKey,
        })
      else await folioApi[entry.kind]({ ...entry.body, ...own, idempotencyKey })
      keeper.current.settle()
      notifySuccess('operation')
      onPosted()
      onClose()
    } catch {
      // Shown by the request layer; a retry of the same content keeps the key.
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={request !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="folio-dialog" data-kind={kind}>
            <Dialog.Header>
              <Dialog.Title>
                {t(kind === 'expense' ? 'billing.expense.add' : `frontDeskConsole.folio.${kind}`)}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted" data-testid="folio-dialog-balance">
                  {t('frontDeskConsole.folio.balanceNow', [formatMoney(folio.totals.balanceCents)])}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  <SelectField
                    label={t('frontDeskConsole.field.room')}
                    value={form.orderRoomId ? String(form.orderRoomId) : ''}
                    empty={t('frontDeskConsole.folio.wholeOrder')}
                    options={rooms.map((r) => ({
                      value: String(r.orderRoomId),
                      label: `${r.roomNo ?? '—'} ${r.typeName}`,
                    }))}
                    onChange={(v) =>
                      set({
                        orderRoomId: v ? Number(v) : undefined,
                        costId: undefined,
                        chargeItemId: undefined,
                      })
                    }
                    testId="folio-room"
                  />
                  {kind === 'charge' && (
                    <SelectField
                      label={t('frontDeskConsole.field.costItem')}
                      value={itemValue}
                      empty={t('frontDeskConsole.folio.freeItem')}
                      options={[
                        ...items.map((i) => ({
                          value: `item:${i.chargeItemId}`,
                          label: `${i.itemName} (${formatMoney(i.priceCents)})`,
                        })),
                        ...costs.map((c) => ({
                          value: `cost:${c.costId}`,
                          label: `${c.costName} (${formatMoney(c.amount)}) · ${t('chargeItem.group.roomType')}`,
                        })),
                      ]}
                      onChange={pickItem}
                      error={errors.costId ?? errors.chargeItemId}
                      testId="folio-cost"
                    />
                  )}
                  {kind === 'charge' && (form.costId !== undefined || form.chargeItemId !== undefined) && (
                    <TextField
                      label={t('frontDeskConsole.field.quantity')}
                      type="number"
                      value={form.quantity}
                      onChange={(v) => set({ quantity: v })}
                      error={errors.quantity}
                      testId="folio-quantity"
                    />
                  )}
                  {kind === 'expense' && (
                    <TextField
                      label={t('billing.expense.item')}
                      value={form.itemName}
                      onChange={(v) => set({ itemName: v })}
                      error={errors.itemName}
                      required
                      testId="folio-item"
                    />
                  )}
                  {kind === 'charge' && form.costId === undefined && form.chargeItemId === undefined && (
                    <TextField
                      label={t('frontDeskConsole.field.itemName')}
                      value={form.itemName}
                      onChange={(v) => set({ itemName: v })}
                      error={errors.itemName}
                      required
                      testId="folio-item"
                    />
                  )}
                  {!(kind === 'charge' && form.costId !== undefined) && (
                    <TextField
                      label={t('frontDeskConsole.field.amount')}
                      value={form.amountText}
                      onChange={(v) => set({ amountText: v })}
                      error={errors.amountText}
                      required={form.chargeItemId === undefined}
                      placeholder={
                        pickedItem
                          ? formatMoney(pickedItem.priceCents * (Number(form.quantity) || 1))
                          : undefined
                      }
                      testId="folio-amount"
                    />
                  )}
                  {kind !== 'charge' && (
                    <SelectField
                      label={t(
                        kind === 'expense' ? 'billing.expense.method' : 'frontDeskConsole.field.method',
                      )}
                      value={form.method}
                      options={methods}
                      onChange={(v) => set({ method: v as EntryForm['method'] })}
                      error={errors.method}
                      testId="folio-method"
                    />
                  )}
                  {kind === 'payment' && member && isMemberMethod(form.method) && (
                    <Text fontSize="sm" color="fg.muted" alignSelf="end" data-testid="folio-member">
                      {t('frontDeskConsole.folio.memberPays', [
                        member.name,
                        member.cardNo,
                        formatMoney(member.balanceCents),
                        member.points,
                      ])}
                    </Text>
                  )}
                  {(kind === 'deposit' || (kind === 'payment' && !isMemberMethod(form.method))) && (
                    <SelectField
                      label={t('billing.receipt.type')}
                      value={form.receiptType}
                      options={RECEIPT_TYPES.map((r) => ({ value: r, label: t(`billing.receiptType.${r}`) }))}
                      onChange={(v) => set({ receiptType: v })}
                      testId="folio-receipt-type"
                    />
                  )}
                  {kind === 'refund' && (
                    <SelectField
                      label={t('frontDeskConsole.field.reason')}
                      value={form.reason}
                      options={refundTypes.map((r) => ({
                        value: r.value,
                        label: refundReasonText(t, r),
                      }))}
                      onChange={(v) => set({ reason: v })}
                      error={errors.reason}
                      testId="folio-reason"
                    />
                  )}
                  <TextField
                    label={t('frontDeskConsole.field.remark')}
                    value={form.remark}
                    onChange={(v) => set({ remark: v })}
                    error={errors.remark}
                    testId="folio-remark"
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
                loading={busy}
                onClick={() => void submit()}
                data-testid="folio-submit"
              >
                {t('console.dialog.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
