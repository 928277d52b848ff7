// A stay's house use / complimentary mark on the order screen (night audit stayMark): the mark and its reason shown on
// the room, and, for a user with pms:pmsNightAudit:stayMark while the stay is booked or in house, setting it (a kind
// and a reason, confirmed in the dialog) or removing it (confirmed). A marked stay is charged no room from then on.
import { Badge, Button, Field, NativeSelect } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import { NightAuditPermission, type StayMark } from '@pms/protocol/api/night-audit'
import type { OrderRoomView } from '@pms/protocol/api/orders'
import { useState } from 'react'
import { feedback } from '../../api/feedback.ts'
import { useT } from '../../i18n/t.ts'
import { nightAuditApi } from '../../night-audit/api.ts'
import { confirmAction } from '../../ui/confirm.ts'
import { PromptDialog } from '../PromptDialog.tsx'

type Mark = Exclude<StayMark, ''>
const MARKS: readonly Mark[] = ['complimentary', 'houseUse']
/** The server marks only these (server/src/night-audit/stay-marks.ts): a checked-out stay's bill is done. */
const MARKABLE: ReadonlyArray<OrderRoomView['state']> = ['booking', 'checkIn']

/** Whether the user may set or remove the stay's mark now. */
export function canMarkStay(room: Pick<OrderRoomView, 'state'>, permissions: readonly string[]): boolean {
  return MARKABLE.includes(room.state) && hasPermission({ permissions }, [NightAuditPermission.stayMark])
}

/** The mark on the room, e.g. "Complimentary: owner's guest"; nothing when the stay is charged as usual. */
export function StayMarkBadge({ room }: { room: OrderRoomView }) {
  const t = useT()
  if (!room.stayMark) return null
  return (
    <Badge colorPalette="teal" data-testid="order-room-mark" data-mark={room.stayMark}>
      {t('stayMark.badge', [t(`stayMark.mark.${room.stayMark}`), room.stayMarkReason])}
    </Badge>
  )
}

/** The room's button to mark it, or to remove its mark; the caller shows it only where canMarkStay. */
export function StayMarkButton({ room, onChanged }: { room: OrderRoomView; onChanged: () => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [mark, setMark] = useState<Mark>('complimentary')
  const roomName = room.roomNo ?? room.typeName

  const save = async (body: { mark: StayMark; reason?: string }) => {
    const res = await nightAuditApi.stayMark({ orderRoomId: room.orderRoomId, ...body })
    feedback.toast('success', res.msg)
    onChanged()
  }
  const clear = async () => {
    if (!room.stayMark) return
    if (!(await confirmAction(t('stayMark.confirmClear', [roomName, t(`stayMark.mark.${room.stayMark}`)]))))
      return
    try {
      await save({ mark: '' })
    } catch {
      // Shown by the request layer.
    }
  }

  if (room.stayMark)
    return (
      <Button size="2xs" variant="outline" onClick={() => void clear()} data-testid="room-stay-mark-clear">
        {t('stayMark.clear')}
      </Button>
    )
  return (
    <>
      <Button
        size="2xs"
        variant="outline"
        onClick={() => {
          setMark('complimentary')
          setOpen(true)
        }}
        data-testid="room-stay-mark"
      >
        {t('stayMark.action')}
      </Button>
      <PromptDialog
        open={open}
        title={t('stayMark.title', [roomName])}
        message={t('stayMark.message')}
        label={t('stayMark.reason')}
        required
        onClose={() => setOpen(false)}
        onConfirm={(reason) => save({ mark, reason })}
        testId="stay-mark-dialog"
      >
        <Field.Root>
          <Field.Label>{t('stayMark.kind')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={mark}
              onChange={(e) => setMark(e.target.value as Mark)}
              data-testid="stay-mark-kind"
            >
              {MARKS.map((m) => (
                <option key={m} value={m}>
                  {t(`stayMark.mark.${m}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </PromptDialog>
    </>
  )
}
