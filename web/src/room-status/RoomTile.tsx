// One room on the chart. Memoised and free of handlers: the board listens once for every tile (event delegation).
import { ROOM_FLAGS, type RoomState, type RoomStatusTile } from '@pms/protocol/api/room-status'
import { memo } from 'react'

/** Texts every tile shares, built once per language. */
export interface TileTexts {
  state: Record<RoomState, string>
  /** The menu button's accessible name, per room number. */
  actions: (roomNo: string) => string
  arriving: string
  dueOut: string
  overdue: string
  nights: (n: number) => string
  until: (clock: string) => string
  /** 'owes …' / 'holds …' / '' for a folio balance in cents. */
  balance: (cents: number) => string
}

interface Props {
  tile: RoomStatusTile
  texts: TileTexts
  /** Shows the state menu button (permission pms:pmsRoom:state). */
  canChange: boolean
  /** The tile itself opens the room (an `onOpen` was given to the board). */
  openable: boolean
}

export const TILE_ATTR = 'data-room-id'
export const MENU_ATTR = 'data-room-menu'

export const RoomTile = memo(function RoomTile({ tile, texts, canChange, openable }: Props) {
  return (
    <div
      className="rs-tile"
      data-testid="room-tile"
      data-room-id={tile.roomId}
      data-room-no={tile.roomNo}
      data-state={tile.occupancy}
      data-dirty={tile.dirty}
      data-locked={tile.locked}
      data-maintain={tile.maintain}
      data-arriving={tile.arrival !== null}
      data-due-out={tile.stay?.dueOut === true}
      data-overdue={tile.stay?.overdue === true}
      data-open={openable}
      title={[tile.lockReason, tile.maintainReason].filter(Boolean).join(' · ') || undefined}
      role={openable ? 'button' : undefined}
      tabIndex={openable ? 0 : undefined}
    >
      <span className="rs-no">{tile.roomNo}</span>
      <span className="rs-type" title={tile.typeName}>
        {tile.typeName}
      </span>
      {tile.stay && (
        <span className="rs-guest" data-testid="room-stay">
          {tile.stay.guestName} ·{' '}
          {tile.stay.hourly ? texts.until(tile.stay.endTime.slice(11, 16)) : texts.nights(tile.stay.nights)}
          {tile.stay.balanceCents !== 0 && (
            <span className="rs-balance" data-owes={tile.stay.balanceCents > 0} data-testid="room-balance">
              {texts.balance(tile.stay.balanceCents)}
            </span>
          )}
        </span>
      )}
      {tile.arrival && (
        <span className="rs-guest" data-testid="room-arrival">
          {tile.arrival.contactName || tile.arrival.orderNo}
        </span>
      )}
      <span className="rs-foot">
        <span className="rs-badge" data-state={tile.occupancy} data-testid="room-occupancy">
          {texts.state[tile.occupancy]}
        </span>
        {tile.arrival && (
          <span className="rs-badge" data-state="arriving" data-testid="room-flag-arriving">
            {texts.arriving}
          </span>
        )}
        {tile.stay?.overdue ? (
          <span className="rs-badge" data-state="overdue" data-testid="room-flag-overdue">
            {texts.overdue}
          </span>
        ) : (
          tile.stay?.dueOut && (
            <span className="rs-badge" data-state="dueOut" data-testid="room-flag-dueOut">
              {texts.dueOut}
            </span>
          )
        )}
        {ROOM_FLAGS.filter((flag) => tile[flag]).map((flag) => (
          <span key={flag} className="rs-badge" data-state={flag} data-testid={`room-flag-${flag}`}>
            {texts.state[flag]}
          </span>
        ))}
      </span>
      {canChange && (
        <button
          type="button"
          className="rs-menu"
          data-room-menu={tile.roomId}
          data-testid="room-menu"
          aria-label={texts.actions(tile.roomNo)}
          aria-haspopup="menu"
        >
          ⋮
        </button>
      )}
    </div>
  )
})
