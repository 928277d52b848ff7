// The filters of the reservation and order lists (dates, state, guest, phone, room, order number): one compact bar
// of fixed-width fields that wraps, so the list stays in view on a small desk screen.
import { Box, Button, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useState } from 'react'
import type { Params } from '../../api/query.ts'
import { useT } from '../../i18n/t.ts'
import { searchParams } from '../../ui/crud/SearchBar.tsx'
import { SelectField, TextField } from '../Fields.tsx'

interface Props {
  /** The state filter's query name and its values with their pack prefix. */
  state: { name: 'reserveState' | 'state'; values: readonly string[]; prefix: string }
  onSearch: (filters: Params) => void
}

const TEXTS = ['guestName', 'phone', 'roomNo', 'orderNo'] as const

/** A field of the bar: a fixed width, so several share a row instead of each taking a row of its own. */
const Slot = ({ children }: { children: ReactNode }) => (
  <Box flex="0 0 150px" fontSize="xs">
    {children}
  </Box>
)

export function OrderFilters({ state, onSearch }: Props) {
  const t = useT()
  const [values, setValues] = useState<Record<string, string>>({})
  const set = (name: string, v: string) => setValues((s) => ({ ...s, [name]: v }))
  return (
    <Flex
      as="form"
      gap="2"
      wrap="wrap"
      align="flex-end"
      data-testid="order-filters"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(searchParams(values))
      }}
    >
      <Slot>
        <TextField
          label={t('frontDeskConsole.field.beginDate')}
          type="date"
          value={values.beginDate ?? ''}
          onChange={(v) => set('beginDate', v)}
          testId="filter-beginDate"
        />
      </Slot>
      <Slot>
        <TextField
          label={t('frontDeskConsole.field.endDate')}
          type="date"
          value={values.endDate ?? ''}
          onChange={(v) => set('endDate', v)}
          testId="filter-endDate"
        />
      </Slot>
      <Slot>
        <SelectField
          label={t('frontDeskConsole.field.state')}
          value={values[state.name] ?? ''}
          empty={t('frontDeskConsole.filter.all')}
          options={state.values.map((v) => ({ value: v, label: t(`${state.prefix}.${v}`) }))}
          onChange={(v) => set(state.name, v)}
          testId="filter-state"
        />
      </Slot>
      {TEXTS.map((name) => (
        <Slot key={name}>
          <TextField
            label={t(`frontDeskConsole.field.${name}`)}
            value={values[name] ?? ''}
            onChange={(v) => set(name, v)}
            testId={`filter-${name}`}
          />
        </Slot>
      ))}
      <Button size="sm" type="submit" data-testid="filter-search">
        {t('crud.search')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setValues({})
          onSearch({})
        }}
      >
        {t('crud.reset')}
      </Button>
    </Flex>
  )
}
