// Customer qualification review (SPEC §1, §6, §7) for platform admins: applications by state, each viewed with its
// licence, approved or refused (a refusal needs a remark), and an approved one plugged in — its property created
// with the applicant as merchant admin.
import { Badge, Button, Flex, Heading, Input, NativeSelect, Spinner, Table, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import {
  nextQualificationState,
  type QualificationApplication,
  QualificationState,
  qualificationStateKey,
} from '@pms/protocol/api/qualification'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { formatDateTime } from '../ui/format.ts'
import { Pager } from '../ui/Pager.tsx'
import { stateColor } from './ApplyDialog.tsx'
import { qualificationApi } from './api.ts'
import { ReviewDialog } from './ReviewDialog.tsx'

const PAGE_SIZE = 10
const PERMISSION = {
  check: 'system:sysCustomQualification:check',
  plug: 'system:sysCustomQualification:plug',
}

export default function ReviewPage() {
  const t = useT()
  const permissions = usePermissions()
  const may = (p: string) => hasPermission({ permissions: [...permissions] }, [p], () => {})
  const [state, setState] = useState('')
  const [project, setProject] = useState('')
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<QualificationApplication[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const [viewing, setViewing] = useState<QualificationApplication | null>(null)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      const res = await qualificationApi.list({
        pageNum: page,
        pageSize: PAGE_SIZE,
        state: state === '' ? undefined : Number(state),
        project: project.trim() || undefined,
      })
      setRows(res.rows)
      setTotal(res.total)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }, [page, state, project])

  useEffect(() => {
    void load()
  }, [load])

  const plug = async (row: QualificationApplication) => {
    if (
      !(await confirmAction(
        t('qualification.review.plugConfirm', [row.project, row.userName ?? row.contact]),
      ))
    )
      return
    try {
      const res = await qualificationApi.plug(row.id)
      feedback.toast('success', res.msg)
      await load()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="qualification-review">
      <Heading size="md">{t('qualification.review.title')}</Heading>
      <Flex gap="2" wrap="wrap">
        <NativeSelect.Root size="sm" width="220px">
          <NativeSelect.Field
            data-testid="review-state-filter"
            value={state}
            onChange={(e) => {
              setPage(1)
              setState(e.target.value)
            }}
          >
            <option value="">{t('qualification.review.allStates')}</option>
            {Object.values(QualificationState).map((s) => (
              <option key={s} value={s}>
                {t(qualificationStateKey(s))}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          width="240px"
          placeholder={t('qualification.review.search')}
          value={project}
          onChange={(e) => {
            setPage(1)
            setProject(e.target.value)
          }}
        />
        <Button size="sm" variant="outline" onClick={() => void load()}>
          {t('qualification.review.refresh')}
        </Button>
        {loading && <Spinner size="sm" alignSelf="center" />}
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('qualification.field.project')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.field.contact')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.field.phone')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.field.address')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.field.applicant')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.field.state')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.field.createTime')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('qualification.review.action')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id} data-testid="review-row" data-state={r.state}>
                <Table.Cell fontWeight="semibold">{r.project}</Table.Cell>
                <Table.Cell>{r.contact}</Table.Cell>
                <Table.Cell>{r.phone}</Table.Cell>
                <Table.Cell maxW="260px" truncate title={r.address}>
                  {r.address}
                </Table.Cell>
                <Table.Cell>{r.userName}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={stateColor(r.state)} data-testid="review-state">
                    {t(qualificationStateKey(r.state))}
                  </Badge>
                  {r.propertyId && (
                    <Text fontSize="xs" color="fg.muted">
                      {t('qualification.review.property', [r.propertyId])}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(r.updateTime)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <Button size="xs" variant="ghost" onClick={() => setViewing(r)} data-testid="review-view">
                    {may(PERMISSION.check) && nextQualificationState(r.state, 'approve') !== undefined
                      ? t('qualification.review.check')
                      : t('qualification.review.view')}
                  </Button>
                  {may(PERMISSION.plug) && nextQualificationState(r.state, 'plug') !== undefined && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="green"
                      onClick={() => void plug(r)}
                      data-testid="review-plug"
                    >
                      {t('qualification.review.plug')}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && !loading && (
        <Text textAlign="center" color="fg.muted" py="6">
          {t('qualification.review.empty')}
        </Text>
      )}
      <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
      <ReviewDialog
        application={viewing}
        canReview={may(PERMISSION.check)}
        onClose={() => setViewing(null)}
        onDone={() => {
          setViewing(null)
          void load()
        }}
      />
    </Flex>
  )
}
