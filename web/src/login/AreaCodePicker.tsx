// The dial-code picker for phone numbers; the last choice becomes the default (SPEC §9, default 0086).
import { NativeSelect } from '@chakra-ui/react'
import { AREA_CODES, DEFAULT_AREA_CODE, DEFAULT_AREA_CODE_KEY } from '@pms/protocol/geo/area-codes'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useT } from '../i18n/t.ts'

export function storedAreaCode(): string {
  return localStorage.getItem(DEFAULT_AREA_CODE_KEY) || DEFAULT_AREA_CODE
}

export function AreaCodePicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const t = useT()
  const { i18n } = useTranslation()
  const chinese = i18n.language.startsWith('zh')
  const options = useMemo(
    () =>
      [...AREA_CODES].sort((a, b) =>
        chinese ? a.pinyin.localeCompare(b.pinyin) : a.enValue.localeCompare(b.enValue),
      ),
    [chinese],
  )
  return (
    <NativeSelect.Root size="md" w="150px" flexShrink={0}>
      <NativeSelect.Field
        aria-label={t('console.login.areaCode')}
        data-testid="area-code"
        value={value}
        onChange={(e) => {
          localStorage.setItem(DEFAULT_AREA_CODE_KEY, e.target.value)
          onChange(e.target.value)
        }}
      >
        {options.map((a) => (
          <option key={a.enValue} value={a.id}>
            {`${chinese ? a.cnValue : a.enValue} +${Number(a.id)}`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
