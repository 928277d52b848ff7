// The place a card is tied to, by card scope: one room, one floor, one building, elevator floors, or any of them.
import { Checkbox, Flex, NativeSelect, Text } from '@chakra-ui/react'
import type { CardScopeView } from '@pms/protocol/api/card-scope'
import { useT } from '../i18n/t.ts'
import type { CardScope } from './cardKinds.ts'
import { Field } from './Field.tsx'
import type { IssueForm } from './issueRequest.ts'

type Place = Pick<IssueForm, 'buildingId' | 'floorId' | 'floorIds' | 'roomId'>

interface Props {
  scope: CardScope
  view: CardScopeView | undefined
  value: Place
  onChange: (place: Place) => void
}

const num = (text: string) => (text ? Number(text) : undefined)

export function ScopeFields({ scope, view, value, onChange }: Props) {
  const t = useT()
  const buildings = view?.buildings ?? []
  const building = buildings.find((b) => b.buildingId === value.buildingId)
  const floor = building?.floors.find((f) => f.floorId === value.floorId)
  if (scope === 'property' || scope === 'target') return null

  if (scope === 'room')
    return (
      <Field label={t('cardConsole.field.room')}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            data-testid="card-room"
            value={value.roomId ?? ''}
            onChange={(e) => {
              const roomId = num(e.target.value)
              for (const b of buildings)
                for (const f of b.floors)
                  if (f.rooms.some((r) => r.roomId === roomId))
                    return onChange({ ...value, roomId, buildingId: b.buildingId, floorId: f.floorId })
              onChange({ ...value, roomId: undefined })
            }}
          >
            <option value="">{t('cardConsole.field.choose')}</option>
            {buildings.map((b) => (
              <optgroup key={b.buildingId} label={b.buildingName}>
                {b.floors.flatMap((f) =>
                  f.rooms.map((r) => (
                    <option key={r.roomId} value={r.roomId}>
                      {r.roomNo}
                    </option>
                  )),
                )}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
    )

  const buildingSelect = (
    <Field label={t('cardConsole.field.building')}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          data-testid="card-building"
          value={value.buildingId ?? ''}
          onChange={(e) =>
            onChange({ buildingId: num(e.target.value), floorId: undefined, roomId: undefined, floorIds: [] })
          }
        >
          <option value="">
            {t(scope === 'optional' ? 'cardConsole.field.wholeProperty' : 'cardConsole.field.choose')}
          </option>
          {buildings.map((b) => (
            <option key={b.buildingId} value={b.buildingId}>
              {b.buildingName}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field>
  )
  if (scope === 'building') return buildingSelect

  if (scope === 'floors')
    return (
      <Flex gap="4" wrap="wrap" align="flex-end">
        {buildingSelect}
        <Field label={t('cardConsole.field.elevatorFloors')}>
          <Flex gap="3" wrap="wrap" data-testid="card-floors">
            {(building?.floors ?? []).map((f) => (
              <Checkbox.Root
                key={f.floorId}
                size="sm"
                checked={value.floorIds.includes(f.floorId)}
                onCheckedChange={(e) =>
                  onChange({
                    ...value,
                    floorIds: e.checked
                      ? [...value.floorIds, f.floorId]
                      : value.floorIds.filter((id) => id !== f.floorId),
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{f.floorName}</Checkbox.Label>
              </Checkbox.Root>
            ))}
            {!building && <Text fontSize="sm">{t('cardConsole.field.chooseBuildingFirst')}</Text>}
          </Flex>
        </Field>
      </Flex>
    )

  const floorSelect = (
    <Field label={t('cardConsole.field.floor')}>
      <NativeSelect.Root size="sm" disabled={!building}>
        <NativeSelect.Field
          data-testid="card-floor"
          value={value.floorId ?? ''}
          onChange={(e) => onChange({ ...value, floorId: num(e.target.value), roomId: undefined })}
        >
          <option value="">
            {t(scope === 'optional' ? 'cardConsole.field.wholeBuilding' : 'cardConsole.field.choose')}
          </option>
          {(building?.floors ?? []).map((f) => (
            <option key={f.floorId} value={f.floorId}>
              {f.floorName}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field>
  )
  if (scope === 'floor')
    return (
      <Flex gap="4" wrap="wrap">
        {buildingSelect}
        {floorSelect}
      </Flex>
    )

  return (
    <Flex gap="4" wrap="wrap">
      {buildingSelect}
      {floorSelect}
      <Field label={t('cardConsole.field.room')}>
        <NativeSelect.Root size="sm" disabled={!floor}>
          <NativeSelect.Field
            data-testid="card-optional-room"
            value={value.roomId ?? ''}
            onChange={(e) => onChange({ ...value, roomId: num(e.target.value) })}
          >
            <option value="">{t('cardConsole.field.wholeFloor')}</option>
            {(floor?.rooms ?? []).map((r) => (
              <option key={r.roomId} value={r.roomId}>
                {r.roomNo}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field>
    </Flex>
  )
}
