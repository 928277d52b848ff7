// Bulk room creation (SPEC §1): choose a building, floors and room numbers, preview the numbers (existing ones shown
// as conflicts), then save them in one transaction. Saving waits for a preview of exactly what the form says.
import { Badge, Box, Button, Dialog, Flex, Portal, SimpleGrid, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { FieldInput } from '../ui/crud/FieldInput.tsx'
import type { FieldDef, Option } from '../ui/crud/fields.ts'
import { type BulkPreview, type BulkRequest, roomStockApi } from './api.ts'
import { type BulkForm, bulkRequest, EMPTY_BULK, samePreview } from './bulk.ts'

interface Props {
  open: boolean
  buildings: Option[]
  roomTypes: Option[]
  onClose: () => void
  onSaved: () => void
}

const b = (name: string) => `roomStockConsole.bulk.${name}`

export function BulkDialog({ open, buildings, roomTypes, onClose, onSaved }: Props) {
  const t = useT()
  const [form, setForm] = useState<BulkForm>(EMPTY_BULK)
  const [errors, setErrors] = useState<Partial<Record<keyof BulkForm, string>>>({})
  const [preview, setPreview] = useState<{ request: BulkRequest; result: BulkPreview } | null>(null)
  const [busy, setBusy] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the dialog opens.
  useEffect(() => {
    if (!open) return
    setForm({ ...EMPTY_BULK, roomTypeId: roomTypes[0]?.value ?? '' })
    setErrors({})
    setPreview(null)
  }, [open])

  const fields: FieldDef[] = [
    {
      name: 'buildingId',
      label: 'roomStockConsole.field.building',
      kind: 'select',
      required: true,
      options: buildings,
    },
    {
      name: 'roomTypeId',
      label: 'roomStockConsole.field.roomType',
      kind: 'select',
      required: true,
      options: roomTypes,
    },
    { name: 'floorFrom', label: b('floorFrom'), kind: 'integer', required: true },
    { name: 'floorTo', label: b('floorTo'), kind: 'integer', required: true },
    { name: 'roomFrom', label: b('roomFrom'), kind: 'integer', required: true },
    { name: 'roomTo', label: b('roomTo'), kind: 'integer', required: true },
    { name: 'prefix', label: b('prefix'), kind: 'text' },
  ]

  const checked = () => {
    const r = bulkRequest(form, t)
    setErrors(r.ok ? {} : r.errors)
    return r.ok ? r.body : null
  }
  const runPreview = async () => {
    const body = checked()
    if (!body) return
    setBusy(true)
    try {
      const res = await roomStockApi.bulkPreview(body)
      setPreview({ request: body, result: res.data! })
    } catch {
      setPreview(null)
    } finally {
      setBusy(false)
    }
  }
  const save = async () => {
    const body = checked()
    if (!body) return
    if (!preview || !samePreview(preview.request, body)) {
      feedback.toast('warning', t(b('stale')))
      return
    }
    setBusy(true)
    try {
      const res = await roomStockApi.bulkCreate(body)
      feedback.toast('success', t(b('created'), [res.data?.rooms ?? 0, res.data?.floorsCreated ?? 0]))
      onSaved()
      onClose()
    } catch {
      // The request layer has shown the server's message (e.g. a number taken meanwhile).
    } finally {
      setBusy(false)
    }
  }

  const result = preview?.result
  const conflicts = new Set(result?.conflicts ?? [])
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="bulk-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(b('title'))}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {fields.map((def) => (
                  <FieldInput
                    key={def.name}
                    def={def}
                    value={form[def.name as keyof BulkForm]}
                    error={errors[def.name as keyof BulkForm]}
                    onChange={(v) => setForm({ ...form, [def.name]: String(v) })}
                  />
                ))}
              </SimpleGrid>
              {result && (
                <Box mt="4" data-testid="bulk-preview">
                  <Text fontWeight="semibold" data-testid="bulk-count">
                    {t(b('count'), [result.total])}
                  </Text>
                  {result.conflicts.length > 0 && (
                    <Text color="fg.error" fontSize="sm" data-testid="bulk-conflicts">
                      {t(b('conflicts'), [result.conflicts.join(', ')])}
                    </Text>
                  )}
                  <Flex gap="1" wrap="wrap" mt="2" maxH="240px" overflowY="auto">
                    {result.rooms.map((r) => (
                      <Badge
                        key={r.roomNo}
                        colorPalette={conflicts.has(r.roomNo) ? 'red' : 'blue'}
                        variant={conflicts.has(r.roomNo) ? 'solid' : 'subtle'}
                        data-testid="bulk-room"
                        data-conflict={conflicts.has(r.roomNo)}
                      >
                        {r.roomNo}
                      </Badge>
                    ))}
                  </Flex>
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                variant="outline"
                loading={busy}
                onClick={() => void runPreview()}
                data-testid="bulk-preview-run"
              >
                {t(b('preview'))}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                disabled={!result || result.conflicts.length > 0}
                onClick={() => void save()}
                data-testid="bulk-save"
              >
                {t(b('save'))}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
