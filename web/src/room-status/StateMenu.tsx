// The one state menu of the chart, opened beside whichever tile asked: only the actions the room's state allows.
import { Menu, Portal } from '@chakra-ui/react'
import { type TileAction, tileActions } from './chart.ts'
import type { MenuRequest } from './RoomStatusBoard.tsx'

interface Props {
  request: MenuRequest | null
  actionLabel: (action: TileAction) => string
  onAction: (request: MenuRequest, action: TileAction) => void
  onClose: () => void
  /** The user may mark long-term closures (ROOM_LONG_TERM_PERMISSION). */
  longTerm: boolean
}

const actionKey = (a: TileAction) =>
  `${a.value ? 'set' : 'cancel'}:${a.state}${a.longTerm ? ':longTerm' : ''}`

export function StateMenu({ request, actionLabel, onAction, onClose, longTerm }: Props) {
  const actions = request ? tileActions(request.tile, longTerm) : []
  return (
    <Menu.Root
      // Kept mounted (Chakra mounts a menu's content only while it is open). This menu is opened by its `open` prop,
      // not by a trigger: the menu takes its Escape key and outside clicks from a dismissable layer it registers on
      // its content right after opening — in a microtask, or at the latest one frame later. A lazily mounted content
      // comes with a later render, which a busy browser can draw after that frame: the layer was then never
      // registered and the menu could no longer be closed by Escape or a click beside it (seen in full test runs).
      lazyMount={false}
      unmountOnExit={false}
      open={request !== null}
      positioning={{
        placement: 'bottom-start',
        getAnchorRect: () => (request ? { ...request.point, width: 0, height: 0 } : null),
      }}
      onOpenChange={(e) => {
        if (!e.open) onClose()
      }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="room-state-menu" data-room-no={request?.tile.roomNo}>
            {actions.map((a) => (
              <Menu.Item
                key={actionKey(a)}
                value={actionKey(a)}
                data-testid={`room-action-${actionKey(a)}`}
                // The clicked item itself, not the menu's highlighted value: a pointer that leaves the item between
                // press and release (a re-render, a slow frame) would otherwise select nothing. Enter clicks too.
                onClick={() => request && onAction(request, a)}
              >
                {actionLabel(a)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
