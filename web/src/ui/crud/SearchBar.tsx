// The search form over a crud list: its fields, search and reset.
import { Box, Button, Flex } from '@chakra-ui/react'
import { useState } from 'react'
import type { Params } from '../../api/query.ts'
import { useT } from '../../i18n/t.ts'
import { FieldInput } from './FieldInput.tsx'
import type { FieldDef, FormValues } from './fields.ts'

interface Props {
  fields: readonly FieldDef[]
  onSearch: (filters: Params) => void
}

/** Non-empty texts become filters, as typed (the server matches names by 'contains'). */
export function searchParams(values: FormValues): Params {
  const params: Params = {}
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string' && v.trim()) params[k] = v.trim()
  return params
}

export function SearchBar({ fields, onSearch }: Props) {
  const t = useT()
  const [values, setValues] = useState<FormValues>({})
  return (
    <Flex
      as="form"
      gap="3"
      wrap="wrap"
      align="flex-end"
      data-testid="crud-search"
      onSubmit={(e) => {
        e.preventDefault()
        onSearch(searchParams(values))
      }}
    >
      {fields.map((def) => (
        <Box key={def.name} minW="180px">
          <FieldInput
            def={{ ...def, required: false }}
            value={values[def.name]}
            onChange={(v) => setValues({ ...values, [def.name]: v })}
          />
        </Box>
      ))}
      <Button size="sm" type="submit" data-testid="crud-search-submit">
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
