// Running an order's own actions (not a room's): the screens to go to, the confirmations and the dialogs that ask
// for a reason or a remark. Shared by the reservation list, the order list and the order detail.
import { ORDER_CHANNELS, type OrderSummary } from '@pms/protocol/api/orders'
import { type ReactNode, useState } from 'react'
import { useLocation } from 'wouter'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { FormDialog } from '../../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../../ui/crud/fields.ts'
import { orderApi, reserveApi } from '../api.ts'
import { PromptDialog } from '../PromptDialog.tsx'
import { CUSTOMER_SOURCES, ORDER_SOURCES } from '../reservations/reserveForm.ts'
import { DeskPath } from '../shared.ts'
import type { OrderButton } from './actions.ts'

const f = 'frontDeskConsole.field'
export const HEADER_FIELDS: readonly FieldDef[] = [
  { name: 'contactName', label: `${f}.contactName`, kind: 'text', required: true, maxLength: 50 },
  { name: 'contactPhone', label: `${f}.contactPhone`, kind: 'text', maxLength: 30 },
  { name: 'depositCents', label: `${f}.deposit`, kind: 'money' },
  {
    name: 'orderSource',
    label: `${f}.orderSource`,
    kind: 'select',
    options: ORDER_SOURCES.map((s) => ({ value: s, label: `frontDeskConsole.orderSource.${s}` })),
  },
  {
    name: 'customerSource',
    label: `${f}.customerSource`,
    kind: 'select',
    options: CUSTOMER_SOURCES.map((s) => ({ value: s, label: `frontDeskConsole.customerSource.${s}` })),
  },
  {
    name: 'channel',
    label: `${f}.channel`,
    kind: 'select',
    options: ORDER_CHANNELS.map((c) => ({ value: c, label: `frontDeskConsole.channel.${c}` })),
  },
  { name: 'salesman', label: `${f}.salesman`, kind: 'text', maxLength: 50 },
  { name: 'externalNo', label: `${f}.externalNo`, kind: 'text', maxLength: 64 },
  { name: 'secret', label: `${f}.secret`, kind: 'switch' },
  { name: 'remark', label: `${f}.remark`, kind: 'textarea', maxLength: 500 },
]

type Prompt = { action: OrderButton; order: OrderSummary } | null

/** `run(action, order)` does the action; render `dialogs` once in the screen. `onDone` reloads the screen. */
export function useOrderActions(onDone: () => void): {
  run: (action: OrderButton, order: OrderSummary) => void
  dialogs: ReactNode
} {
  const t = useT()
  const [, navigate] = useLocation()
  const [prompt, setPrompt] = useState<Prompt>(null)
  const [editing, setEditing] = useState<OrderSummary | null>(null)

  const run = (action: OrderButton, order: OrderSummary) => {
    switch (action) {
      case 'checkIn':
        return navigate(DeskPath.checkIn(order.orderId))
      case 'checkOut':
        return navigate(DeskPath.checkOut(order.orderId))
      case 'addRoom':
        return navigate(DeskPath.detail(order.orderId, 'rooms'))
      case 'editReserve':
        // The list masks the contact's phone: the dialog edits the full one, read for it.
        return void reserveApi
          .get(order.orderId, true)
          .then((res) => res.data && setEditing(res.data))
          .catch(() => {})
      case 'cancelCheckOut':
      case 'cancelApply':
      case 'cancelAudit':
      case 'cancelBooking':
      case 'noShow':
      case 'restoreBooking':
        return setPrompt({ action, order })
    }
  }

  const confirm = async (text: string, refuse: boolean) => {
    if (!prompt) return
    const { action, order } = prompt
    const orderId = order.orderId
    const remark = text ? { remark: text } : {}
    switch (action) {
      case 'cancelCheckOut':
        await orderApi.cancelCheckOut({ orderId })
        break
      case 'cancelApply':
        await reserveApi.cancelApply({ orderId, reason: text })
        break
      case 'cancelAudit':
        await reserveApi.cancelAudit({ orderId, approve: !refuse, ...remark })
        break
      case 'cancelBooking':
        await reserveApi.cancel({ orderId, ...remark })
        break
      case 'noShow':
        await reserveApi.noShow({ orderId, ...remark })
        break
      case 'restoreBooking':
        await reserveApi.restore({ orderId, ...remark })
        break
      default:
        return
    }
    notifySuccess('operation')
    onDone()
  }

  const action = prompt?.action
  const label =
    action === 'cancelApply'
      ? t(`${f}.cancelReason`)
      : action === 'cancelCheckOut'
        ? undefined
        : t(`${f}.remark`)
  const dialogs = (
    <>
      <PromptDialog
        open={prompt !== null}
        title={action ? t(`frontDeskConsole.action.${action}`) : ''}
        message={
          prompt
            ? t('frontDeskConsole.order.confirmAction', [
                t(`frontDeskConsole.action.${action}`),
                prompt.order.orderNo,
              ])
            : ''
        }
        label={label}
        required={action === 'cancelApply'}
        confirmText={action === 'cancelAudit' ? t('frontDeskConsole.action.approve') : undefined}
        altText={action === 'cancelAudit' ? t('frontDeskConsole.action.refuse') : undefined}
        onClose={() => setPrompt(null)}
        onConfirm={confirm}
        testId="order-action-dialog"
      >
        {action === 'cancelAudit' && prompt?.order.cancelReason && (
          <span data-testid="cancel-reason">
            {t(`${f}.cancelReason`)}: {prompt.order.cancelReason}
          </span>
        )}
      </PromptDialog>
      <FormDialog
        open={editing !== null}
        mode="edit"
        entity="frontDeskConsole.entity.reservation"
        fields={HEADER_FIELDS}
        record={editing as unknown as Record<string, unknown>}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          await reserveApi.edit({ ...body, orderId: editing!.orderId })
          notifySuccess('edit')
          onDone()
        }}
        testId="reserve-edit-dialog"
      />
    </>
  )
  return { run, dialogs }
}
