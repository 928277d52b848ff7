// A choice among records too many to list up front (the platform's properties, its registered users): the user types
// part of a name and picks among the first matches the server answers. Nothing is loaded before the field is used;
// each pause in typing asks once (the answers of earlier keywords that come late are dropped). It serves choices that
// start empty (assign a property, hand over to a user): a value set from outside shows no name until one is picked.
import { Combobox, createListCollection } from '@chakra-ui/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import type { Option } from './fields.ts'

/** How many matches a lookup shows: enough to pick from, few enough to read. */
export const LOOKUP_MATCHES = 20
/** The pause in typing after which the server is asked. */
const PAUSE_MS = 250

export interface Lookup {
  /** The first matches of a keyword ('' for the first records), as options whose labels are shown as they are. */
  search: (keyword: string) => Promise<Option[]>
}

interface Props {
  lookup: Lookup
  /** The chosen value ('' when none). */
  value: string
  onChange: (value: string) => void
  testId: string
  size?: 'xs' | 'sm' | 'md'
  invalid?: boolean
}

export function LookupInput({ lookup, value, onChange, testId, size = 'sm', invalid }: Props) {
  const t = useT()
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
  // A value cleared from outside (the form reset for another record) clears the text typed for it.
  useEffect(() => {
    if (!value) setKeyword('')
  }, [value])
  const collection = useMemo(
    () => createListCollection({ items: matches, itemToString: (o) => o.label, itemToValue: (o) => o.value }),
    [matches],
  )

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

  return (
    <Combobox.Root
      collection={collection}
      size={size}
      invalid={invalid}
      value={value ? [value] : []}
      inputValue={keyword}
      openOnClick
      onOpenChange={(e) => e.open && setAsked(true)}
      onInputValueChange={(e) => {
        setAsked(true)
        setKeyword(e.inputValue)
      }}
      onValueChange={(e) => onChange(e.value[0] ?? '')}
    >
      <Combobox.Control>
        <Combobox.Input data-testid={testId} placeholder={t('crud.lookup.placeholder')} />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger />
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      {/* Drawn in place, so a dialog around it keeps it in its accessible tree (a portal outside a modal dialog is hidden
          from assistive technology), and raised above the fields that follow it: the positioner's own inline z-index
          would copy the unpositioned content's (auto), and a later field would cover the matches. */}
      <Combobox.Positioner style={{ zIndex: 'var(--chakra-z-index-popover)' }}>
        <Combobox.Content data-testid={`${testId}-matches`}>
          {answered && <Combobox.Empty>{t('crud.lookup.none')}</Combobox.Empty>}
          {matches.map((o) => (
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
