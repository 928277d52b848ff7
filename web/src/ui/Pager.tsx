// Previous/next paging with the total and the page number.
import { Button, Flex, Text } from '@chakra-ui/react'
import { useT } from '../i18n/t.ts'

interface Props {
  page: number
  total: number
  pageSize: number
  onChange: (page: number) => void
}

export function Pager({ page, total, pageSize, onChange }: Props) {
  const t = useT()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <Flex gap="3" align="center" justify="flex-end" fontSize="sm" data-testid="pager">
      <Text>{t('console.page.total', [total])}</Text>
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('console.page.prev')}
      </Button>
      <Text>{t('console.page.of', [page, pages])}</Text>
      <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('console.page.next')}
      </Button>
    </Flex>
  )
}
