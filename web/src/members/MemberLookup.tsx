// The desk's member lookup, placed in the walk-in form, the reservation form and the folio's member payment: a phone
// or card number, then the member found (name, card, grade and discount, balance, points, why it cannot be used) or
// the SPEC §8 message when nothing matches.
import { Badge, Box, Button, Flex, HStack, Input, NativeSelect, Text } from '@chakra-ui/react'
import type { MemberView } from '@pms/protocol/api/members'
import { useState } from 'react'
import { ApiError } from '../api/request.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { memberApi } from './api.ts'

interface Props {
  /** Called with the member found, or null when the lookup is cleared or finds nothing. */
  onFound: (member: MemberView | null) => void
  /** A member already chosen (e.g. the order's). */
  initial?: MemberView | null
  testId?: string
}

export function MemberLookup({ onFound, initial = null, testId = 'member-lookup' }: Props) {
  const t = useT()
  const [by, setBy] = useState<'phone' | 'cardNo'>('phone')
  const [text, setText] = useState('')
  const [found, setFound] = useState<MemberView | null>(initial)
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)

  const search = async () => {
    const value = text.trim()
    if (!value) return
    setBusy(true)
    setMessage('')
    try {
      const res = await memberApi.lookup({ [by]: value })
      setFound(res.data ?? null)
      onFound(res.data ?? null)
    } catch (e) {
      setFound(null)
      onFound(null)
      // Nothing matches: the SPEC §8 message for what was searched (the request layer words every 404 alike).
      if (e instanceof ApiError && e.code === 404)
        setMessage(t(by === 'phone' ? 'members.phoneNotRegistered' : 'members.noMemberFound'))
      else setMessage(e instanceof ApiError ? e.message : t('members.lookup.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid={testId}>
      <Text fontWeight="semibold" mb="2">
        {t('members.lookup.title')}
      </Text>
      <HStack gap="2">
        <NativeSelect.Root size="sm" width="9rem">
          <NativeSelect.Field
            value={by}
            onChange={(e) => setBy(e.target.value as 'phone' | 'cardNo')}
            data-testid={`${testId}-by`}
          >
            <option value="phone">{t('members.field.phone')}</option>
            <option value="cardNo">{t('members.field.cardNo')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void search()}
          placeholder={t(by === 'phone' ? 'members.lookup.phoneHint' : 'members.lookup.cardHint')}
          data-testid={`${testId}-text`}
        />
        <Button size="sm" loading={busy} onClick={() => void search()} data-testid={`${testId}-search`}>
          {t('crud.search')}
        </Button>
        {found && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setFound(null)
              onFound(null)
            }}
            data-testid={`${testId}-clear`}
          >
            {t('members.lookup.clear')}
          </Button>
        )}
      </HStack>
      {message && (
        <Text color="fg.error" fontSize="sm" mt="2" data-testid={`${testId}-message`}>
          {message}
        </Text>
      )}
      {found && <MemberCard member={found} testId={`${testId}-found`} />}
    </Box>
  )
}

export function MemberCard({ member, testId }: { member: MemberView; testId?: string }) {
  const t = useT()
  return (
    <Flex
      mt="2"
      gap="3"
      wrap="wrap"
      fontSize="sm"
      align="center"
      data-testid={testId}
      data-member-id={member.memberId}
      data-balance={member.balanceCents}
    >
      <Text fontWeight="semibold">{member.name}</Text>
      <Text>{member.cardNo}</Text>
      <Text>{member.phone}</Text>
      {member.gradeName && (
        <Badge colorPalette="purple">
          {member.gradeName}
          {member.discount < 100 ? ` · ${t('members.discountOf', [member.discount])}` : ''}
        </Badge>
      )}
      <Text>{t('members.balanceOf', [formatMoney(member.balanceCents)])}</Text>
      <Text>{t('members.pointsOf', [member.points])}</Text>
      {member.blacklist && <Badge colorPalette="red">{t('members.field.blacklist')}</Badge>}
      {member.unusable && (
        <Text color="fg.error" data-testid={testId ? `${testId}-unusable` : undefined}>
          {member.unusable}
        </Text>
      )}
    </Flex>
  )
}

/** 'List price X, member price Y (discount)': what the grade makes of a room's list price. */
export function memberPriceNote(t: ReturnType<typeof useT>, member: MemberView, listCents: number): string {
  const price = Math.round((listCents * member.discount) / 100)
  return t('members.priceNote', [formatMoney(listCents), member.discount, formatMoney(price)])
}
