// The room actions that ask something before they run: change room (a free room over the rest of the stay),
// change price, extend, add room, join to a main room, and the confirmations (main account, cancel join, remove).
import { Stack } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { AvailabilityType, OrderDetail, OrderRoomView } from '@pms/protocol/api/orders'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { runPendingLockAuths } from '../../devices/lockAuthTasks.ts'
import { useT } from '../../i18n/t.ts'
import { propertyNow } from '../../session/businessDate.ts'
import { formatMoney, moneyInput, parseMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { orderApi, reserveApi } from '../api.ts'
import { SelectField, TextField } from '../Fields.tsx'
import { PromptDialog } from '../PromptDialog.tsx'
import { typePrice } from '../reservations/reserveForm.ts'
import { DeskPermission, type RoomButton } from './actions.ts'

export type RoomAsk = {
  action: Exclude<RoomButton, 'checkIn' | 'checkOut' | 'addGuest'> | 'addRoom'
  room?: OrderRoomView
}

/**
 * A checked-in stay whose cards must be made again: moved to another room (the old room's guest card no longer
 * fits; the old room gets a checkout card), or extended (the card's validity ends at the old departure).
 */
export interface RoomMove {
  kind: 'move' | 'extend'
  orderRoomId: number
  fromRoomId: number
  fromRoomNo: string
}

interface Props {
  ask: RoomAsk | null
  order: OrderDetail
  onClose: () => void
  /** `moved` is set after a checked-in stay changed room or was extended: its cards are to be made again. */
  onDone: (moved?: RoomMove) => void
}

export function RoomActionDialog({ ask, order, onClose, onDone }: Props) {
  const t = useT()
  const permissions = usePermissions()
  const canPrice = hasPermission({ permissions }, [DeskPermission.changePrice])
  const [types, setTypes] = useState<AvailabilityType[]>([])
  const [roomId, setRoomId] = useState('')
  const [typeId, setTypeId] = useState('')
  const [price, setPrice] = useState('')
  const [count, setCount] = useState('1')
  const [mainId, setMainId] = useState('')
  const [error, setError] = useState<string>('')
  const action = ask?.action
  const room = ask?.room

  useEffect(() => {
    setTypes([])
    setRoomId('')
    setTypeId('')
    setCount('1')
    setMainId('')
    setError('')
    setPrice(room ? moneyInput(room.priceCents) : '')
    if (action !== 'changeRoom' && action !== 'addRoom') return
    const now = propertyNow()
    const start = room && room.startTime > now ? room.startTime : now
    const end = room?.endTime ?? order.checkOutAt
    reserveApi
      .availability({
        startTime: start,
        endTime: end > start ? end : undefined,
        nights: end > start ? undefined : 1,
        hourly: order.hourly,
      })
      .then((res) => setTypes(res.data?.types ?? []))
      .catch(() => setTypes([]))
  }, [action, room, order])

  if (!ask || !action) return null
  const hourly = order.hourly
  const freeRooms = types.flatMap((ty) =>
    ty.freeRooms
      .filter(() => action !== 'addRoom' || !typeId || ty.roomTypeId === Number(typeId))
      .map((r) => ({
        value: String(r.roomId),
        label: `${r.roomNo} · ${ty.typeName}${r.dirty ? ` (${t('roomStatus.state.dirty')})` : ''}`,
      })),
  )
  const others = order.rooms.filter(
    (r) =>
      r.orderRoomId !== room?.orderRoomId &&
      r.mainRoomId === null &&
      (r.state === 'booking' || r.state === 'checkIn'),
  )

  const cents = (): number | null => {
    const parsed = parseMoney(price)
    if (!parsed.ok) {
      setError(t('frontDeskConsole.error.money'))
      return null
    }
    return parsed.cents
  }
  const units = (): number | null => {
    const n = Number(count)
    if (!Number.isInteger(n) || n < 1 || n > (hourly ? 48 : 365)) {
      setError(t('frontDeskConsole.error.range', [1, hourly ? 48 : 365]))
      return null
    }
    return n
  }
  const fail = (): never => {
    throw new Error('invalid')
  }

  const run = async () => {
    setError('')
    let moved: RoomMove | undefined
    switch (action) {
      case 'changeRoom': {
        if (!roomId) {
          setError(t('frontDeskConsole.error.required', [t('frontDeskConsole.field.room')]))
          return fail()
        }
        const p = canPrice ? cents() : room!.priceCents
        if (p === null) return fail()
        await orderApi.changeRoom({
          orderRoomId: room!.orderRoomId,
          roomId: Number(roomId),
          ...(p !== room!.priceCents ? { priceCents: p } : {}),
        })
        if (room!.state === 'checkIn') await runPendingLockAuths(order.orderId, t)
        if (room!.state === 'checkIn' && room!.roomId && room!.roomNo)
          moved = {
            kind: 'move',
            orderRoomId: room!.orderRoomId,
            fromRoomId: room!.roomId,
            fromRoomNo: room!.roomNo,
          }
        break
      }
      case 'changePrice': {
        const p = cents()
        if (p === null) return fail()
        await orderApi.changePrice({ orderRoomId: room!.orderRoomId, priceCents: p })
        break
      }
      case 'extendStay': {
        const n = units()
        if (n === null) return fail()
        await orderApi.extendStay({
          orderRoomId: room!.orderRoomId,
          ...(hourly ? { hours: n } : { nights: n }),
        })
        if (room!.state === 'checkIn' && room!.roomId && room!.roomNo)
          moved = {
            kind: 'extend',
            orderRoomId: room!.orderRoomId,
            fromRoomId: room!.roomId,
            fromRoomNo: room!.roomNo,
          }
        break
      }
      case 'addRoom': {
        const type = types.find((ty) => ty.roomTypeId === Number(typeId))
        const n = units()
        if (!type) {
          setError(t('frontDeskConsole.error.required', [t('frontDeskConsole.field.roomType')]))
          return fail()
        }
        if (n === null) return fail()
        const now = propertyNow()
        const start = order.state === 'booking' && order.checkInAt > now ? order.checkInAt : now
        await orderApi.addRoom({
          orderId: order.orderId,
          roomTypeId: type.roomTypeId,
          ...(roomId ? { roomId: Number(roomId) } : {}),
          startTime: start,
          ...(hourly ? { hours: n } : { nights: n }),
          ...(room ? { mainRoomId: room.orderRoomId } : {}),
        })
        break
      }
      case 'jointRoom':
        if (!mainId) {
          setError(t('frontDeskConsole.error.required', [t('frontDeskConsole.field.mainRoom')]))
          return fail()
        }
        await orderApi.jointRoom({ mainRoomId: Number(mainId), orderRoomIds: [room!.orderRoomId] })
        break
      case 'cancelJointRoom':
        await orderApi.cancelJointRoom([room!.orderRoomId])
        break
      case 'setMainAccount':
        await orderApi.setMainAccount(order.orderId, room!.orderRoomId)
        break
      case 'removeRoom':
        await orderApi.removeRoom(room!.orderRoomId)
        break
    }
    notifySuccess('operation')
    onDone(moved)
  }

  const roomName = room ? (room.roomNo ?? room.typeName) : order.orderNo
  return (
    <PromptDialog
      open
      title={t(`frontDeskConsole.action.${action}`)}
      message={t('frontDeskConsole.order.confirmAction', [t(`frontDeskConsole.action.${action}`), roomName])}
      onClose={onClose}
      onConfirm={run}
      testId="room-action-dialog"
    >
      <Stack gap="3">
        {action === 'addRoom' && (
          <SelectField
            label={t('frontDeskConsole.field.roomType')}
            value={typeId}
            empty={t('crud.choose')}
            options={types.map((ty) => ({
              value: String(ty.roomTypeId),
              label: `${ty.typeName} (${formatMoney(typePrice(ty, hourly))})`,
            }))}
            onChange={setTypeId}
            testId="room-action-type"
          />
        )}
        {(action === 'changeRoom' || action === 'addRoom') && (
          <SelectField
            label={t('frontDeskConsole.field.room')}
            value={roomId}
            empty={action === 'addRoom' ? t('frontDeskConsole.reserve.assignLater') : t('crud.choose')}
            options={freeRooms}
            onChange={setRoomId}
            testId="room-action-room"
          />
        )}
        {(action === 'changePrice' || (action === 'changeRoom' && canPrice)) && (
          <TextField
            label={t('frontDeskConsole.field.price')}
            value={price}
            onChange={setPrice}
            testId="room-action-price"
          />
        )}
        {(action === 'extendStay' || action === 'addRoom') && (
          <TextField
            label={t(hourly ? 'frontDeskConsole.field.hours' : 'frontDeskConsole.field.nights')}
            type="number"
            value={count}
            onChange={setCount}
            testId="room-action-count"
          />
        )}
        {action === 'jointRoom' && (
          <SelectField
            label={t('frontDeskConsole.field.mainRoom')}
            value={mainId}
            empty={t('crud.choose')}
            options={others.map((r) => ({ value: String(r.orderRoomId), label: r.roomNo ?? r.typeName }))}
            onChange={setMainId}
            testId="room-action-main"
          />
        )}
        {error && (
          <span style={{ color: 'var(--chakra-colors-fg-error)' }} data-testid="room-action-error">
            {error}
          </span>
        )}
      </Stack>
    </PromptDialog>
  )
}
