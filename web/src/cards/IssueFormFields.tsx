// The issuing form: protocol, card type, place, guest, validity, flags, and the card a lost/un-lost card acts on.
import { Checkbox, Flex, Input, NativeSelect, Text } from '@chakra-ui/react'
import { CardFlag } from '@pms/protocol'
import type { CardScopeView } from '@pms/protocol/api/card-scope'
import { useT } from '../i18n/t.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { cardKind, cardTypeLabelKey, kindsFor } from './cardKinds.ts'
import { Field } from './Field.tsx'
import type { IssueForm } from './issueRequest.ts'
import { ScopeFields } from './ScopeFields.tsx'
import type { RoomStay } from './useRoomStay.ts'

interface Props {
  protocols: readonly string[]
  form: IssueForm
  view: CardScopeView | undefined
  /** The chosen room's stay for a guest card: undefined while looking, null when there is none. */
  stay: RoomStay | null | undefined
  onChange: (form: IssueForm) => void
}

const TOGGLES: [number, string][] = [
  [CardFlag.SUPERSEDE, 'cardConsole.flag.supersede'],
  [CardFlag.DEADBOLT_OVERRIDE, 'cardConsole.flag.deadbolt'],
]

export function IssueFormFields({ protocols, form, view, stay, onChange }: Props) {
  const t = useT()
  const kind = cardKind(form.cardType)
  const kinds = kindsFor(usePermissions())
  return (
    <Flex direction="column" gap="3">
      <Flex gap="4" wrap="wrap">
        {protocols.length > 1 && (
          <Field label={t('cardConsole.field.protocol')}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                data-testid="card-protocol"
                value={form.protocol}
                onChange={(e) => onChange({ ...form, protocol: e.target.value })}
              >
                {protocols.map((p) => (
                  <option key={p} value={p}>
                    {t(`cardConsole.protocol.${p}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
        )}
        <Field label={t('cardConsole.field.cardType')}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-testid="card-type"
              value={form.cardType}
              onChange={(e) => {
                const next = cardKind(Number(e.target.value))
                if (next) onChange({ ...form, cardType: next.value, flags: next.defaultFlags })
              }}
            >
              {kinds.map((k) => (
                <option key={k.name} value={k.value}>
                  {t(cardTypeLabelKey(k.name))}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        {kind?.needsReason && (
          <Field label={t('cardConsole.field.reason')}>
            <Input
              size="sm"
              data-testid="card-reason"
              maxLength={200}
              value={form.reason}
              onChange={(e) => onChange({ ...form, reason: e.target.value })}
            />
          </Field>
        )}
        {kind?.scope === 'target' && (
          <Field label={t('cardConsole.field.targetCardNo')}>
            <Input
              size="sm"
              inputMode="numeric"
              data-testid="card-target"
              value={form.targetCardNo}
              onChange={(e) => onChange({ ...form, targetCardNo: e.target.value })}
            />
          </Field>
        )}
      </Flex>
      {kind && (
        <ScopeFields
          scope={kind.scope}
          view={view}
          value={form}
          onChange={(place) => onChange({ ...form, ...place })}
        />
      )}
      {kind?.needsStay && form.roomId !== undefined && stay !== undefined && (
        <Text fontSize="sm" data-testid="card-stay" data-order-room-id={stay?.orderRoomId ?? ''}>
          {stay
            ? `${t('cardConsole.field.stay')}: ${stay.orderNo} · ${stay.guestName} · ${stay.start} → ${stay.end}`
            : t('cardConsole.stay.none')}
        </Text>
      )}
      {/* A guest card is valid for its stay: no window to type. */}
      <Flex gap="4" wrap="wrap" align="flex-end" display={kind?.needsStay ? 'none' : 'flex'}>
        <Field label={t('cardConsole.field.start')}>
          <Input
            size="sm"
            type="datetime-local"
            data-testid="card-start"
            value={form.start}
            onChange={(e) => onChange({ ...form, start: e.target.value })}
          />
        </Field>
        <Field label={t('cardConsole.field.end')}>
          <Input
            size="sm"
            type="datetime-local"
            data-testid="card-end"
            value={form.end}
            onChange={(e) => onChange({ ...form, end: e.target.value })}
          />
        </Field>
        {TOGGLES.map(([bit, label]) => (
          <Checkbox.Root
            key={bit}
            size="sm"
            checked={(form.flags & bit) !== 0}
            onCheckedChange={(e) =>
              onChange({ ...form, flags: e.checked ? form.flags | bit : form.flags & ~bit })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(label)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
    </Flex>
  )
}
