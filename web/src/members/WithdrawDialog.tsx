// Refund of one recharge: at most the unspent base it paid in goes back (empty amount: all that may), by a desk payment
// method, with a reason; the recharge's gift is withdrawn. One idempotency key per submission.
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import type { MemberRecordView } from '@pms/protocol/api/members'
import { useEffect, useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { SelectField, TextField } from '../front-desk/Fields.tsx'
import { createKeyKeeper } from '../front-desk/idempotency.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney, parseMoney } from '../ui/crud/money.ts'
import { memberApi } from './api.ts'
import { f, METHOD_OPTIONS } from './labels.ts'

interface Props {
  recharge: MemberRecordView | null
  onClose: () => void
  onDone: () => void
}

export function WithdrawDialog({ recharge, onClose, onDone }: Props) {
  const t = useT()
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState('cash')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const keeper = useRef(createKeyKeeper())

  useEffect(() => {
    if (!recharge) return
    keeper.current = createKeyKeeper()
    setAmount('')
    setReason('')
    setError(undefined)
  }, [recharge])

  const submit = async () => {
    if (!recharge) return
    let amountCents: number | undefined
    if (amount.trim()) {
      const parsed = parseMoney(amount)
      if (!parsed.ok || parsed.cents <= 0) return setError(t('members.pay.amountInvalid'))
      amountCents = parsed.cents
    }
    if (!reason.trim()) return setError(t('validation.required', [t(f('reason'))]))
    setError(undefined)
    const body = { recordId: recharge.recordId, amountCents, method, reason: reason.trim() }
    setBusy(true)
    try {
      await memberApi.refundRecharge({ ...body, idempotencyKey: keeper.current.keyFor(body) })
      keeper.current.settle()
      notifySuccess('operation')
      onDone()
      onClose()
    } catch {
      // Shown by the request layer (e.g. more than may be refunded); a retry keeps the key.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={recharge !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="member-withdraw-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('members.withdraw.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm">
                  {recharge?.receiptNo} · {formatMoney(recharge?.baseDelta ?? 0)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('members.withdraw.hint')}
                </Text>
                <TextField
                  label={t(f('amount'))}
                  value={amount}
                  onChange={setAmount}
                  placeholder={t('members.withdraw.amountHint')}
                  testId="member-withdraw-amount"
                />
                <SelectField
                  label={t('frontDeskConsole.field.method')}
                  value={method}
                  onChange={setMethod}
                  options={METHOD_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
                  testId="member-withdraw-method"
                />
                <TextField
                  label={t(f('reason'))}
                  value={reason}
                  onChange={setReason}
                  required
                  testId="member-withdraw-reason"
                />
                {error && (
                  <Text color="fg.error" fontSize="sm" data-testid="member-withdraw-error">
                    {error}
                  </Text>
                )}
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
                data-testid="member-withdraw-submit"
              >
                {t('members.withdraw.button')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
