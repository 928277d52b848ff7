// Free rooms per room type and night for the stay being booked, with the button that adds a room of a type.
import { Badge, Button, Table, Text } from '@chakra-ui/react'
import type { AvailabilityType } from '@pms/protocol/api/orders'
import { useT } from '../../i18n/t.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { freeOverRange, typePrice } from './reserveForm.ts'

interface Props {
  types: readonly AvailabilityType[]
  hourly: boolean
  /** Rooms of each type already on the booking. */
  taken: ReadonlyMap<number, number>
  onAdd: (type: AvailabilityType) => void
}

export function AvailabilityGrid({ types, hourly, taken, onAdd }: Props) {
  const t = useT()
  const dates = types[0]?.nights.map((n) => n.date) ?? []
  if (types.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="availability-empty">
        {t('frontDeskConsole.reserve.noTypes')}
      </Text>
    )
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" data-testid="availability">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('frontDeskConsole.field.roomType')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('frontDeskConsole.field.price')}</Table.ColumnHeader>
            {dates.map((d) => (
              <Table.ColumnHeader key={d} textAlign="center">
                {d.slice(5)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {types.map((type) => {
            const left = freeOverRange(type) - (taken.get(type.roomTypeId) ?? 0)
            return (
              <Table.Row key={type.roomTypeId} data-testid="availability-type" data-type={type.typeName}>
                <Table.Cell>
                  {type.typeName}{' '}
                  <Text as="span" color="fg.muted" fontSize="xs">
                    ({type.total})
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(typePrice(type, hourly))}</Table.Cell>
                {type.nights.map((n) => (
                  <Table.Cell
                    key={n.date}
                    textAlign="center"
                    data-testid="availability-night"
                    data-date={n.date}
                  >
                    <Badge colorPalette={n.free > 0 ? 'green' : 'red'}>{n.free}</Badge>
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={left <= 0}
                    onClick={() => onAdd(type)}
                    data-testid="availability-add"
                  >
                    {t('frontDeskConsole.reserve.addRoom')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
