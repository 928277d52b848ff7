// The pager of the crud lists: total, page size 10/20/30/50, previous/next with the page number.
import { Button, Flex, NativeSelect, Text } from '@chakra-ui/react'
import { useT } from '../../i18n/t.ts'
import { PAGE_SIZES, pageCount } from './paging.ts'

interface Props {
  pageNum: number
  pageSize: number
  total: number
  onPage: (page: number) => void
  onPageSize: (size: number) => void
}

export function PageBar({ pageNum, pageSize, total, onPage, onPageSize }: Props) {
  const t = useT()
  const pages = pageCount(total, pageSize)
  return (
    <Flex gap="3" align="center" justify="flex-end" fontSize="sm" wrap="wrap" data-testid="crud-pager">
      <Text data-testid="crud-total">{t('console.page.total', [total])}</Text>
      <NativeSelect.Root size="xs" width="110px">
        <NativeSelect.Field
          data-testid="crud-page-size"
          value={String(pageSize)}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {t('crud.pageSize', [s])}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" variant="outline" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        {t('console.page.prev')}
      </Button>
      <Text>{t('console.page.of', [pageNum, pages])}</Text>
      <Button
        size="xs"
        variant="outline"
        disabled={pageNum >= pages}
        onClick={() => onPage(pageNum + 1)}
        data-testid="crud-next"
      >
        {t('console.page.next')}
      </Button>
    </Flex>
  )
}
