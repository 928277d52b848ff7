// What the encoder read: UID and chip type, and the card's decoded fields as far as the bridge can decode them.
import { Badge, DataList, Stack, Text } from '@chakra-ui/react'
import { type CardDecodeFailure, CardFlag, cardDecodeFailureKey, cardTypeName } from '@pms/protocol'
import type { CardReadResult } from '@pms/protocol/api/bridge-devices'
import { useT } from '../i18n/t.ts'
import { cardTypeLabelKey } from './cardKinds.ts'
import { secondsText } from './validity.ts'

const FLAG_KEYS: [number, string][] = [
  [CardFlag.SUPERSEDE, 'cardConsole.flag.supersede'],
  [CardFlag.DEADBOLT_OVERRIDE, 'cardConsole.flag.deadbolt'],
  [CardFlag.ELEVATOR, 'cardConsole.flag.elevator'],
  [CardFlag.DUPLICATE, 'cardConsole.flag.duplicate'],
]

export function CardReadout({ read, rooms }: { read: CardReadResult; rooms: Map<number, string> }) {
  const t = useT()
  const decoded = read.decoded
  const rows: [string, string][] = [
    ['cardConsole.read.uid', read.uid],
    ['cardConsole.read.chip', read.type],
  ]
  if (decoded?.ok) {
    const f = decoded.fields
    const typeName = cardTypeName(f.cardType)
    rows.push(
      ['cardConsole.read.cardType', typeName ? t(cardTypeLabelKey(typeName)) : String(f.cardType)],
      ['cardConsole.read.cardNo', String(f.cardNo)],
      ['cardConsole.read.room', f.roomId ? (rooms.get(f.roomId) ?? String(f.roomId)) : '—'],
      ['cardConsole.read.buildingId', f.buildingId ? String(f.buildingId) : '—'],
      ['cardConsole.read.floorId', f.floorId ? String(f.floorId) : '—'],
      ['cardConsole.read.validFrom', secondsText(f.validFrom)],
      ['cardConsole.read.validUntil', secondsText(f.validUntil)],
      ['cardConsole.read.sequence', String(f.issueSequence)],
    )
    if (f.targetCardNo) rows.push(['cardConsole.read.targetCardNo', String(f.targetCardNo)])
    if (f.elevatorFloors.length) rows.push(['cardConsole.read.elevatorFloors', f.elevatorFloors.join(', ')])
    const flags = FLAG_KEYS.filter(([bit]) => f.flags & bit).map(([, key]) => t(key))
    if (flags.length) rows.push(['cardConsole.read.flags', flags.join(', ')])
  }
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" data-testid="card-readout">
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`read-${label.split('.').pop()}`}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {decoded && !decoded.ok && (
        <Badge colorPalette="orange" alignSelf="flex-start" data-testid="read-undecoded">
          {t(cardDecodeFailureKey(decoded.reason as CardDecodeFailure))}
        </Badge>
      )}
      {!decoded && (
        <Text fontSize="sm" color="fg.muted">
          {t('cardConsole.read.notDecoded')}
        </Text>
      )}
    </Stack>
  )
}
