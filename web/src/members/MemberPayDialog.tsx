// The folio's member payments: 'member balance' (stored value) or 'points' (at the property's rate, up to its cap).
// The order's member (or one looked up), the amount (the balance due by default), paid in one request that posts the
// folio payment and debits the member together. One idempotency key per submission, so a double click pays once.
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import type { MemberView } from '@pms/protocol/api/members'
import { type MemberSettings, pointsForPayment } from '@pms/protocol/members/ledger'
import { useEffect, useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { TextField } from '../front-desk/Fields.tsx'
import { createKeyKeeper } from '../front-desk/idempotency.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney, moneyInput, parseMoney } from '../ui/crud/money.ts'
import { memberApi } from './api.ts'
import { MemberLookup } from './MemberLookup.tsx'

interface Props {
  open: boolean
  orderId: number
  balanceCents: number
  /** Stored value (default) or points. */
  mode?: 'balance' | 'points'
  onClose: () => void
  onPaid: () => void
}

export function MemberPayDialog({ open, orderId, balanceCents, mode = 'balance', onClose, onPaid }: Props) {
  const t = useT()
  const [settings, setSettings] = useState<MemberSettings | null>(null)
  const [member, setMember] = useState<MemberView | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const keeper = useRef(createKeyKeeper())

  useEffect(() => {
    if (!open) return
    keeper.current = createKeyKeeper()
    setError(undefined)
    setAmount(balanceCents > 0 ? moneyInput(balanceCents) : '')
    setLoaded(false)
    if (mode === 'points')
      memberApi
        .settings()
        .then((res) => setSettings(res.data ?? null))
        .catch(() => setSettings(null))
    memberApi
      .orderMember(orderId)
      .then((res) => setMember(res.data?.member ?? null))
      .catch(() => setMember(null))
      .finally(() => setLoaded(true))
  }, [open, orderId, balanceCents, mode])

  const submit = async () => {
    const parsed = parseMoney(amount)
    if (!parsed.ok || parsed.cents <= 0) return setError(t('members.pay.amountInvalid'))
    if (!member) return setError(t('members.pay.chooseMember'))
    setError(undefined)
    const body = { memberId: member.memberId, orderId, amountCents: parsed.cents }
    setBusy(true)
    try {
      const pay = mode === 'points' ? memberApi.payPoints : memberApi.pay
      await pay({ ...body, idempotencyKey: keeper.current.keyFor(body) })
      keeper.current.settle()
      notifySuccess('operation')
      onPaid()
      onClose()
    } catch {
      // Shown by the request layer (e.g. 'Insufficient balance of membership card.'); a retry keeps the key.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="member-pay-dialog" data-mode={mode}>
            <Dialog.Header>
              <Dialog.Title>
                {t(mode === 'points' ? 'members.points.title' : 'members.pay.title')}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('frontDeskConsole.folio.balanceNow', [formatMoney(balanceCents)])}
                </Text>
                {loaded && <MemberLookup initial={member} onFound={setMember} testId="member-pay-lookup" />}
                <TextField
                  label={t('members.field.amount')}
                  value={amount}
                  onChange={setAmount}
                  required
                  testId="member-pay-amount"
                />
                {mode === 'points' && settings && (
                  <Text fontSize="sm" color="fg.muted" data-testid="member-pay-points-rule">
                    {t('members.points.rate', [settings.pointsPerUnit, settings.pointsPayCapPercent])}
                    {pointsNeeded(amount, settings) !== null &&
                      ` · ${t('members.points.needs', [pointsNeeded(amount, settings)])}`}
                  </Text>
                )}
                {error && (
                  <Text color="fg.error" fontSize="sm" data-testid="member-pay-error">
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
                disabled={!member || Boolean(member.unusable)}
                onClick={() => void submit()}
                data-testid="member-pay-submit"
              >
                {t('members.pay.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** The points an amount typed takes at the property's rate, or null while the amount is not a valid one. */
function pointsNeeded(amount: string, settings: MemberSettings): number | null {
  const parsed = parseMoney(amount)
  return parsed.ok ? pointsForPayment(parsed.cents, settings.pointsPerUnit) : null
}
