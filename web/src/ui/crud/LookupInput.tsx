// Choices among records too many to list up front (the platform's properties, its registered users): the user types
// part of a name and picks among the first matches the server answers. Nothing is loaded before the field is used;
// each pause in typing asks once (the answers of earlier keywords that come late are dropped). `LookupInput` holds one
// value and serves choices that start empty (assign a property, hand over to a user): a value set from outside shows
// no name until one is picked. `LookupListInput` holds several, shown as removable badges named from `known` (the
// record's current choices) and from the matches seen.
import { Badge, CloseButton, Combobox, createListCollection, Stack, Wrap } from '@chakra-ui/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import type { Lookup, Option } from './fields.ts'

/** How many matches a lookup shows: enough to pick from, few enough to read. */
export const LOOKUP_MATCHES = 20
/** The pause in typing after which the server is asked. */
const PAUSE_MS = 250

/** The keyword typed and the matches the server answered for it. */
function useMatches(lookup: Lookup) {
  const [keyword, setKeyword] = useState('')
  const [matches, setMatches] = useState<Option[]>([])
  /** The field was opened or typed in: from then on each keyword is asked. */
  const [asked, setAsked] = useState(false)
  /** A search has answered (until then, no "no match"). */
  const [answered, setAnswered] = useState(false)
  const latest = useRef(0)
  // The caller's lookup may be a new object at each render: the one current when the pause ends is asked.
  const current = useRef(lookup)
  current.current = lookup
  useEffect(() => {
    if (!asked) return
    const ask = ++latest.current
    const timer = setTimeout(() => {
      const settle = (found: Option[]) => {
        if (ask !== latest.current) return
        setMatches(found.slice(0, LOOKUP_MATCHES))
        setAnswered(true)
      }
      current.current.search(keyword.trim()).then(settle, () => settle([]))
    }, PAUSE_MS)
    return () => clearTimeout(timer)
  }, [keyword, asked])
  const collection = useMemo(
    () => createListCollection({ items: matches, itemToString: (o) => o.label, itemToValue: (o) => o.value }),
    [matches],
  )
  return { keyword, setKeyword, matches, answered, collection, ask: () => setAsked(true) }
}

interface LookupProps {
  lookup: Lookup
  testId: string
  size?: 'xs' | 'sm' | 'md'
  invalid?: boolean
}

/** The combobox both variants draw: the keyword's input and the matches under it. */
function MatchBox({
  found,
  testId,
  size,
  invalid,
  value,
  multiple,
  onValueChange,
}: LookupProps & {
  found: ReturnType<typeof useMatches>
  value: string[]
  multiple: boolean
  onValueChange: (value: string[]) => void
}) {
  const t = useT()
  return (
    <Combobox.Root
      collection={found.collection}
      size={size}
      invalid={invalid}
      multiple={multiple}
      // Several values: the keyword is cleared after each pick, ready for the next.
      selectionBehavior={multiple ? 'clear' : 'replace'}
      value={value}
      inputValue={found.keyword}
      openOnClick
      onOpenChange={(e) => e.open && found.ask()}
      onInputValueChange={(e) => {
        found.ask()
        found.setKeyword(e.inputValue)
      }}
      onValueChange={(e) => onValueChange(e.value)}
    >
      <Combobox.Control>
        <Combobox.Input data-testid={testId} placeholder={t('crud.lookup.placeholder')} />
        <Combobox.IndicatorGroup>
          {!multiple && <Combobox.ClearTrigger />}
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      {/* Drawn in place, so a dialog around it keeps it in its accessible tree (a portal outside a modal dialog is hidden
          from assistive technology), and raised above the fields that follow it: the positioner's own inline z-index
          would copy the unpositioned content's (auto), and a later field would cover the matches. */}
      <Combobox.Positioner style={{ zIndex: 'var(--chakra-z-index-popover)' }}>
        <Combobox.Content data-testid={`${testId}-matches`}>
          {found.answered && <Combobox.Empty>{t('crud.lookup.none')}</Combobox.Empty>}
          {found.matches.map((o) => (
            <Combobox.Item key={o.value} item={o}>
              {o.label}
              <Combobox.ItemIndicator />
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  )
}

/** One record, by name. */
export function LookupInput({
  value,
  onChange,
  ...props
}: LookupProps & { value: string; onChange: (value: string) => void }) {
  const found = useMatches(props.lookup)
  const { setKeyword } = found
  // A value cleared from outside (the form reset for another record) clears the text typed for it.
  useEffect(() => {
    if (!value) setKeyword('')
  }, [value, setKeyword])
  return (
    <MatchBox
      {...props}
      found={found}
      value={value ? [value] : []}
      multiple={false}
      onValueChange={(v) => onChange(v[0] ?? '')}
    />
  )
}

/** Several records, by name: each chosen one a badge that can be removed. */
export function LookupListInput({
  value,
  onChange,
  known = [],
  ...props
}: LookupProps & { value: string[]; onChange: (value: string[]) => void; known?: readonly Option[] }) {
  const t = useT()
  const found = useMatches(props.lookup)
  const names = useRef(new Map<string, string>())
  for (const o of [...known, ...found.matches]) names.current.set(o.value, o.label)
  return (
    <Stack gap="2">
      {value.length > 0 && (
        <Wrap gap="2" data-testid={`${props.testId}-chosen`}>
          {value.map((v) => (
            <Badge key={v} size="md" variant="subtle" data-testid={`${props.testId}-chosen-item`}>
              {names.current.get(v) ?? v}
              <CloseButton
                size="2xs"
                aria-label={t('crud.lookup.remove', [names.current.get(v) ?? v])}
                onClick={() => onChange(value.filter((x) => x !== v))}
              />
            </Badge>
          ))}
        </Wrap>
      )}
      <MatchBox {...props} found={found} value={value} multiple onValueChange={onChange} />
    </Stack>
  )
}
