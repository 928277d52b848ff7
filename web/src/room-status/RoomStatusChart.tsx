// The room status chart (SPEC §2.9, §4): every room of the current property by building and floor, filters by
// type and state, counts per state, the state menu, and live updates from the other desks.
import { Button, Center, Flex, Heading, NativeSelect, Spinner, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import {
  ROOM_LONG_TERM_PERMISSION,
  ROOM_STATE_PERMISSION,
  type RoomState,
  type RoomStatusFloor,
  type RoomStatusTile,
} from '@pms/protocol/api/room-status'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { feedback } from '../api/feedback.ts'
import { PromptDialog } from '../front-desk/PromptDialog.tsx'
import { useT } from '../i18n/t.ts'
import { useSession } from '../session/store.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { roomStatusApi } from './api.ts'
import {
  type ChartFilter,
  filterChart,
  needsConfirm,
  needsReason,
  ROOM_STATES,
  roomTypesOf,
  type TileAction,
} from './chart.ts'
import { type MenuRequest, RoomStatusBoard } from './RoomStatusBoard.tsx'
import type { TileTexts } from './RoomTile.tsx'
import { StateCounts } from './StateCounts.tsx'
import { StateMenu } from './StateMenu.tsx'
import { useRoomStatus } from './useRoomStatus.ts'

/** Performance marks for the benchmark: the chart's data arrived; every tile is in the document. */
export const MARK_RENDERED = 'room-status:rendered'

export interface RoomStatusChartProps {
  /** What opening a room does; see RoomStatusBoard. */
  onOpen?: (tile: RoomStatusTile) => void
}

export function RoomStatusChart({ onOpen }: RoomStatusChartProps) {
  const t = useT()
  const { i18n } = useTranslation()
  const { info, propertyId } = useSession()
  const { chart, loading, reload, apply } = useRoomStatus(propertyId)
  const [filter, setFilter] = useState<ChartFilter>({})
  const [menu, setMenu] = useState<MenuRequest | null>(null)
  const [pending, setPending] = useState<{ request: MenuRequest; action: TileAction } | null>(null)
  const canChange = hasPermission({ permissions: info?.permissions ?? [] }, [ROOM_STATE_PERMISSION])
  const canCloseLongTerm = hasPermission({ permissions: info?.permissions ?? [] }, [
    ROOM_LONG_TERM_PERMISSION,
  ])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts change with the language only
  const texts = useMemo<TileTexts>(
    () => ({
      state: Object.fromEntries(
        ROOM_STATES.map((s) => [s, t(`roomStatus.state.${s}`)]),
      ) as TileTexts['state'],
      actions: (roomNo) => t('roomStatus.actions', [roomNo]),
      arriving: t('deskChart.arriving'),
      dueOut: t('deskChart.dueOut'),
      overdue: t('deskChart.overdue'),
      nights: (n) => t('deskChart.nights', [n]),
      until: (clock) => t('deskChart.until', [clock]),
      balance: (cents) =>
        cents > 0
          ? t('deskChart.balance', [formatMoney(cents)])
          : cents < 0
            ? t('deskChart.held', [formatMoney(-cents)])
            : '',
    }),
    [i18n.language],
  )
  const floorLabel = (f: RoomStatusFloor) => f.floorName || t('roomStatus.floor', [f.floorNo])
  const types = useMemo(() => (chart ? roomTypesOf(chart.buildings) : []), [chart])
  const shown = useMemo(() => (chart ? filterChart(chart.buildings, filter) : null), [chart, filter])

  const rendered = useRef(false)
  useEffect(() => {
    if (!shown || rendered.current) return
    rendered.current = true
    performance.mark(MARK_RENDERED, { detail: { tiles: shown.shown } })
  }, [shown])

  const actionLabel = (a: TileAction) =>
    t(a.longTerm ? 'roomStatus.setLongTerm' : a.value ? 'roomStatus.set' : 'roomStatus.cancel', [
      t(`roomStock.state.${a.state}`),
    ])
  /** Sends a change; rejects (after the request layer showed why) so a confirming dialog stays open. */
  const change = async (request: MenuRequest, action: TileAction, reason?: string) => {
    const body = { roomIds: [request.tile.roomId], ...action, ...(reason ? { reason } : {}) }
    const res = await roomStatusApi.changeState(body)
    apply({ ...body, roomIds: res.data?.roomIds ?? [] })
    feedback.toast('success', t('roomStatus.changed', [request.tile.roomNo, actionLabel(action)]))
  }
  const onAction = async (request: MenuRequest, action: TileAction) => {
    setMenu(null)
    // The dialog opens once the menu has closed and handed focus back, so the two never fight over it.
    if (needsConfirm(action)) return void setTimeout(() => setPending({ request, action }), 0)
    try {
      await change(request, action)
    } catch {
      // The request layer has shown the server's message.
    }
  }

  if (!propertyId) return <Text color="fg.muted">{t('roomStatus.noProperty')}</Text>
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <NativeSelect.Root size="sm" width="220px">
          <NativeSelect.Field
            aria-label={t('roomStatus.roomType')}
            data-testid="room-type-filter"
            value={filter.roomTypeId ?? ''}
            onChange={(e) => setFilter({ ...filter, roomTypeId: Number(e.target.value) || undefined })}
          >
            <option value="">{t('roomStatus.allTypes')}</option>
            {types.map((type) => (
              <option key={type.roomTypeId} value={type.roomTypeId}>
                {type.typeName} ({type.rooms})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" onClick={() => void reload()} data-testid="room-status-refresh">
          {t('roomStatus.refresh')}
        </Button>
        {loading && <Spinner size="sm" />}
      </Flex>
      {shown && (
        <>
          <StateCounts
            counts={shown.counts}
            total={shown.total}
            active={filter.state}
            label={(s: RoomState) => t(`roomStatus.state.${s}`)}
            allLabel={t('roomStatus.allStates')}
            onPick={(state) => setFilter({ ...filter, state })}
          />
          <Text fontSize="sm" color="fg.muted" data-testid="room-status-shown">
            {t('roomStatus.shown', { total: shown.total, shown: shown.shown })}
          </Text>
          {shown.shown === 0 && (
            <Text color="fg.muted" data-testid="room-status-empty">
              {t(chart?.total ? 'roomStatus.noMatch' : 'roomStatus.noRooms')}
            </Text>
          )}
          <RoomStatusBoard
            buildings={shown.buildings}
            texts={texts}
            floorLabel={floorLabel}
            roomsLabel={(n) => t('roomStatus.floorRooms', [n])}
            canChange={canChange}
            onMenu={setMenu}
            onOpen={onOpen}
          />
        </>
      )}
      {!shown && loading && (
        <Center py="10">
          <Spinner />
        </Center>
      )}
      {canChange && pending && (
        <PromptDialog
          open
          title={t('deskChart.confirmTitle', [pending.request.tile.roomNo, actionLabel(pending.action)])}
          message={t('deskChart.confirmText', [pending.request.tile.roomNo, actionLabel(pending.action)])}
          label={needsReason(pending.action) ? t('deskChart.field.reason') : undefined}
          required
          maxLength={200}
          onClose={() => setPending(null)}
          onConfirm={(reason) => change(pending.request, pending.action, reason)}
          testId="room-state-confirm"
        />
      )}
      {canChange && (
        <StateMenu
          request={menu}
          actionLabel={actionLabel}
          onAction={(r, a) => void onAction(r, a)}
          onClose={() => setMenu(null)}
          longTerm={canCloseLongTerm}
        />
      )}
    </Flex>
  )
}

export default function RoomStatusPage() {
  const t = useT()
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="room-status-page">
      <Heading size="md">{t('roomStatus.title')}</Heading>
      <RoomStatusChart />
    </Flex>
  )
}
