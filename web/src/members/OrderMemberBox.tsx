// The member of a reservation at its check-in: the member already on the order, or one looked up by phone or card
// number and attached (which prices the booked rooms at the grade's discount). The rooms' prices are shown as they
// stand, so the clerk sees the member price before checking in.
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import { MemberPermission, type MemberView } from '@pms/protocol/api/members'
import type { OrderRoomView } from '@pms/protocol/api/orders'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { memberApi } from './api.ts'
import { MemberCard, MemberLookup } from './MemberLookup.tsx'

interface Props {
  orderId: number
  /** The booked rooms being checked in, with their prices as they stand. */
  rooms: readonly OrderRoomView[]
  /** Called once a member is attached (the order's prices changed). */
  onAttached: () => void
}

export function OrderMemberBox({ orderId, rooms, onAttached }: Props) {
  const t = useT()
  const permissions = usePermissions()
  const [bound, setBound] = useState<MemberView | null>(null)
  const [found, setFound] = useState<MemberView | null>(null)
  const [loaded, setLoaded] = useState(false)
  const [busy, setBusy] = useState(false)
  const canLook = hasPermission({ permissions }, [MemberPermission.query])
  const canAttach = hasPermission({ permissions }, [MemberPermission.pay])

  useEffect(() => {
    if (!canLook) return
    setLoaded(false)
    memberApi
      .orderMember(orderId)
      .then((res) => setBound(res.data?.member ?? null))
      .catch(() => setBound(null))
      .finally(() => setLoaded(true))
  }, [orderId, canLook])

  if (!canLook || !loaded) return null
  const attach = async () => {
    if (!found) return
    setBusy(true)
    try {
      const res = await memberApi.bindOrder({ orderId, memberId: found.memberId })
      setBound(res.data?.member ?? found)
      notifySuccess('operation')
      onAttached()
    } catch {
      // Shown by the request layer (e.g. a member who cannot be used, the order already has one).
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="check-in-member">
      <Text fontWeight="semibold" mb="2">
        {t('members.attach.title')}
      </Text>
      {bound ? (
        <>
          <Text fontSize="sm" data-testid="check-in-member-bound">
            {t('members.attach.bound', [bound.cardNo])}
          </Text>
          <MemberCard member={bound} testId="check-in-member-card" />
        </>
      ) : (
        <Stack gap="2">
          <MemberLookup onFound={setFound} testId="check-in-member-lookup" />
          {canAttach && (
            <Box>
              <Button
                size="sm"
                colorPalette="blue"
                variant="outline"
                loading={busy}
                disabled={!found || Boolean(found.unusable)}
                onClick={() => void attach()}
                data-testid="check-in-member-attach"
              >
                {t('members.attach.button')}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      <Flex gap="4" wrap="wrap" mt="2" fontSize="sm">
        {rooms.map((r) => (
          <Text
            key={r.orderRoomId}
            data-testid={`check-in-member-price-${r.orderRoomId}`}
            data-cents={r.priceCents}
          >
            {r.roomNo ?? r.typeName} · {formatMoney(r.priceCents)}
          </Text>
        ))}
      </Flex>
    </Box>
  )
}
