// The legend of the chart: each state's colour, name and count; clicking a count shows only that state.
import { Button, Flex } from '@chakra-ui/react'
import type { RoomState } from '@pms/protocol/api/room-status'
import { ROOM_STATES } from './chart.ts'

interface Props {
  counts: Record<RoomState, number>
  total: number
  active?: RoomState
  label: (state: RoomState) => string
  allLabel: string
  onPick: (state?: RoomState) => void
}

export function StateCounts({ counts, total, active, label, allLabel, onPick }: Props) {
  return (
    <Flex gap="2" wrap="wrap" data-testid="room-state-counts">
      <Button
        size="xs"
        variant={active ? 'outline' : 'solid'}
        aria-pressed={!active}
        onClick={() => onPick(undefined)}
        data-testid="state-count-all"
        data-count={total}
      >
        {allLabel} {total}
      </Button>
      {ROOM_STATES.map((state) => (
        <Button
          key={state}
          size="xs"
          variant={active === state ? 'subtle' : 'outline'}
          aria-pressed={active === state}
          onClick={() => onPick(active === state ? undefined : state)}
          data-testid={`state-count-${state}`}
          data-state={state}
          data-count={counts[state]}
        >
          <span className="rs-swatch" />
          {label(state)} {counts[state]}
        </Button>
      ))}
    </Flex>
  )
}
