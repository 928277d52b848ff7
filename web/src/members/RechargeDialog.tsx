// Recharge a member: by a recharge type in force (its amount and gift) or a free amount, paid by a desk method; the
// answer shows the receipt number. One idempotency key per submission.
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import type { MemberView, RechargeType } from '@pms/protocol/api/members'
import { useEffect, useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { SelectField, TextField } from '../front-desk/Fields.tsx'
import { createKeyKeeper } from '../front-desk/idempotency.ts'
import { useT } from '../i18n/t.ts'
import { fetchAll } from '../ui/crud/api.ts'
import { formatMoney, parseMoney } from '../ui/crud/money.ts'
import { memberApi, rechargeTypeApi } from './api.ts'
import { f, METHOD_OPTIONS } from './labels.ts'

interface Props {
  member: MemberView | null
  onClose: () => void
  onDone: () => void
}

export function RechargeDialog({ member, onClose, onDone }: Props) {
  const t = useT()
  const [types, setTypes] = useState<RechargeType[]>([])
  const [typeId, setTypeId] = useState('')
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState('cash')
  const [error, setError] = useState<string | undefined>()
  const [receipt, setReceipt] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const keeper = useRef(createKeyKeeper())

  useEffect(() => {
    if (!member) return
    keeper.current = createKeyKeeper()
    setTypeId('')
    setAmount('')
    setError(undefined)
    setReceipt(null)
    fetchAll(rechargeTypeApi, { state: '0' })
      .then(setTypes)
      .catch(() => setTypes([]))
  }, [member])

  const submit = async () => {
    if (!member) return
    let body: { memberId: number; method: string; rechargeTypeId?: number; amountCents?: number }
    if (typeId) body = { memberId: member.memberId, method, rechargeTypeId: Number(typeId) }
    else {
      const parsed = parseMoney(amount)
      if (!parsed.ok || parsed.cents <= 0) return setError(t('members.pay.amountInvalid'))
      body = { memberId: member.memberId, method, amountCents: parsed.cents }
    }
    setError(undefined)
    setBusy(true)
    try {
      const res = await memberApi.recharge({ ...body, idempotencyKey: keeper.current.keyFor(body) })
      keeper.current.settle()
      notifySuccess('operation')
      setReceipt(res.data?.[0]?.receiptNo ?? null)
      onDone()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={member !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="recharge-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('members.recharge.title')} · {member?.name} {member?.cardNo}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <SelectField
                  label={t(f('rechargeType'))}
                  value={typeId}
                  empty={t('members.recharge.freeAmount')}
                  options={types.map((r) => ({
                    value: String(r.rechargeTypeId),
                    label: `${r.typeName} (${formatMoney(r.amountCents)} + ${formatMoney(r.giftCents)})`,
                  }))}
                  onChange={setTypeId}
                  testId="recharge-type"
                />
                {!typeId && (
                  <TextField
                    label={t(f('amount'))}
                    value={amount}
                    onChange={setAmount}
                    required
                    testId="recharge-amount"
                  />
                )}
                <SelectField
                  label={t('frontDeskConsole.field.method')}
                  value={method}
                  options={METHOD_OPTIONS.map((m) => ({ value: m.value, label: t(m.label) }))}
                  onChange={setMethod}
                  testId="recharge-method"
                />
                {error && (
                  <Text color="fg.error" fontSize="sm">
                    {error}
                  </Text>
                )}
                {receipt && (
                  <Text color="green.600" data-testid="recharge-receipt">
                    {t('members.recharge.receipt', [receipt])}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t(receipt ? 'members.close' : 'crud.cancel')}
              </Button>
              {!receipt && (
                <Button
                  colorPalette="blue"
                  loading={busy}
                  onClick={() => void submit()}
                  data-testid="recharge-submit"
                >
                  {t('members.recharge.submit')}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
