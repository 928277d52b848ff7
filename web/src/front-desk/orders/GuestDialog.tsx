// Adding or editing one guest of a room (POST / PUT /pms/pmsOrderGuest).
import { Button, Dialog, Portal } from '@chakra-ui/react'
import type { GuestView } from '@pms/protocol/api/orders'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { orderApi } from '../api.ts'
import { GuestFields } from '../check-in/GuestFields.tsx'
import { checkGuest, emptyGuest, type GuestForm } from '../check-in/guestRules.ts'
import type { FieldError } from '../reservations/reserveForm.ts'

export type GuestTarget = { orderRoomId: number; guest?: GuestView } | null

export function GuestDialog({
  target,
  onClose,
  onSaved,
}: {
  target: GuestTarget
  onClose: () => void
  onSaved: () => void
}) {
  const t = useT()
  const [form, setForm] = useState<GuestForm>(emptyGuest())
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!target) return
    setErrors({})
    const g = target.guest
    setForm(g ? { name: g.name, idType: g.idType, idNo: g.idNo, phone: g.phone, main: g.main } : emptyGuest())
  }, [target])

  const save = async () => {
    const checked = checkGuest(form)
    if (!checked.ok) return setErrors(checked.errors)
    setBusy(true)
    try {
      if (target!.guest) await orderApi.editGuest(target!.guest.guestId, checked.guest)
      else await orderApi.addGuest(target!.orderRoomId, checked.guest)
      notifySuccess(target!.guest ? 'edit' : 'add')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer (e.g. the room's maximum occupancy).
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={target !== null} onOpenChange={(e) => !e.open && onClose()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="guest-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t(target?.guest ? 'crud.editTitle' : 'crud.addTitle', [t('orders.entity.guest')])}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <GuestFields value={form} errors={errors} onChange={setForm} testId="guest" />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button colorPalette="blue" loading={busy} onClick={() => void save()} data-testid="guest-save">
                {t('crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
