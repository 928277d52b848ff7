// The member of an order on its detail page (the order's `sections.member`): card, grade and discount, and each
// stay's list price against the member price it is charged, so the rooms and the folio below read against it.
import { Badge, Flex, Text } from '@chakra-ui/react'
import type { OrderMemberSection } from '@pms/protocol/api/members'
import type { OrderRoomView } from '@pms/protocol/api/orders'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'

export function OrderMemberPricing(props: { section: unknown; rooms: readonly OrderRoomView[] }) {
  const t = useT()
  const m = props.section as OrderMemberSection | null | undefined
  if (!m) return null
  return (
    <Flex gap="3" wrap="wrap" align="center" fontSize="sm" data-testid="order-member">
      <Text fontWeight="semibold">{t('members.attach.title')}</Text>
      <Text>
        {m.name} · {m.cardNo}
      </Text>
      {m.gradeName && (
        <Badge colorPalette="purple">
          {m.gradeName} · {t('members.discountOf', [m.discount])}
        </Badge>
      )}
      {m.rooms.map((r) => {
        const room = props.rooms.find((x) => x.orderRoomId === r.orderRoomId)
        return (
          <Text
            key={r.orderRoomId}
            data-testid={`order-member-room-${r.orderRoomId}`}
            data-cents={r.priceCents}
          >
            {room?.roomNo ?? room?.typeName ?? ''} ·{' '}
            {t('members.priceNote', [formatMoney(r.listCents), m.discount, formatMoney(r.priceCents)])}
          </Text>
        )
      })}
    </Flex>
  )
}
