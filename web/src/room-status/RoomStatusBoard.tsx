// The tiles of the chart, grouped by building and floor. One click listener serves every tile: the menu button
// opens the state menu, a right-click too (with the permission), and the tile itself calls `onOpen` when given.
import { Box, Heading, Text } from '@chakra-ui/react'
import type { RoomStatusBuilding, RoomStatusFloor, RoomStatusTile } from '@pms/protocol/api/room-status'
import { type KeyboardEvent, type MouseEvent, memo, useMemo } from 'react'
import { tilesOf } from './chart.ts'
import { MENU_ATTR, RoomTile, TILE_ATTR, type TileTexts } from './RoomTile.tsx'
import './room-status.css'

export interface MenuRequest {
  tile: RoomStatusTile
  /** Where the menu opens, in viewport pixels. */
  point: { x: number; y: number }
}

export interface BoardProps {
  buildings: readonly RoomStatusBuilding[]
  texts: TileTexts
  floorLabel: (floor: RoomStatusFloor) => string
  roomsLabel: (rooms: number) => string
  canChange: boolean
  onMenu: (request: MenuRequest) => void
  /**
   * The extension point for the front desk: what opening a room does (check-in, details, check-out). Without it
   * a tile is not clickable; the chart adds no action that does nothing.
   */
  onOpen?: (tile: RoomStatusTile) => void
}

const Floor = memo(function Floor(props: {
  floor: RoomStatusFloor
  label: string
  texts: TileTexts
  canChange: boolean
  openable: boolean
}) {
  return (
    <div className="rs-floor" data-testid="room-floor" data-floor-no={props.floor.floorNo}>
      <div className="rs-floor-label">{props.label}</div>
      <div className="rs-grid">
        {props.floor.rooms.map((tile) => (
          <RoomTile
            key={tile.roomId}
            tile={tile}
            texts={props.texts}
            canChange={props.canChange}
            openable={props.openable}
          />
        ))}
      </div>
    </div>
  )
})

export function RoomStatusBoard({
  buildings,
  texts,
  floorLabel,
  roomsLabel,
  canChange,
  onMenu,
  onOpen,
}: BoardProps) {
  const byId = useMemo(() => new Map([...tilesOf(buildings)].map((t) => [t.roomId, t])), [buildings])
  const tileOf = (target: EventTarget, attr: string) => {
    const el = (target as Element).closest?.(`[${attr}]`)
    return el ? { el, tile: byId.get(Number(el.getAttribute(attr))) } : null
  }
  const onClick = (e: MouseEvent) => {
    const menu = tileOf(e.target, MENU_ATTR)
    if (menu?.tile) {
      const rect = menu.el.getBoundingClientRect()
      onMenu({ tile: menu.tile, point: { x: rect.left, y: rect.bottom } })
      return
    }
    const room = tileOf(e.target, TILE_ATTR)
    if (room?.tile && onOpen) onOpen(room.tile)
  }
  const onContextMenu = (e: MouseEvent) => {
    const room = tileOf(e.target, TILE_ATTR)
    if (!room?.tile || !canChange) return
    e.preventDefault()
    onMenu({ tile: room.tile, point: { x: e.clientX, y: e.clientY } })
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !onOpen || (e.target as Element).getAttribute(TILE_ATTR) === null) return
    const room = tileOf(e.target, TILE_ATTR)
    if (room?.tile) onOpen(room.tile)
  }
  const total = buildings.reduce((n, b) => n + b.floors.reduce((m, f) => m + f.rooms.length, 0), 0)
  return (
    <Box
      data-testid="room-status-board"
      data-tiles={total}
      onClick={onClick}
      onContextMenu={onContextMenu}
      onKeyDown={onKeyDown}
    >
      {buildings.map((b) => (
        <Box key={b.buildingId} data-testid="room-building" data-building={b.buildingName} mb="4">
          <Heading size="sm" mb="1">
            {b.buildingName}{' '}
            <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
              {roomsLabel(b.floors.reduce((n, f) => n + f.rooms.length, 0))}
            </Text>
          </Heading>
          {b.floors.map((f) => (
            <Floor
              key={f.floorId}
              floor={f}
              label={floorLabel(f)}
              texts={texts}
              canChange={canChange}
              openable={Boolean(onOpen)}
            />
          ))}
        </Box>
      ))}
    </Box>
  )
}
