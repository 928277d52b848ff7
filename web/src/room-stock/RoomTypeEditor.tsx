// The room type dialog: the type's fields, its pictures (uploaded one by one) and its cost items edited inline.
import { Box, Button, Checkbox, Field, Flex, IconButton, Image, Input, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { API_BASE } from '../api/request.ts'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import type { EditorProps } from '../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import { type RoomType, roomStockApi, roomTypeApi } from './api.ts'
import {
  type CostDraft,
  checkCosts,
  costsValid,
  joinPictures,
  newCost,
  picturesFit,
  splitPictures,
  toCostItems,
  toDrafts,
} from './costItems.ts'
import { ENABLED_STATES, f } from './labels.ts'

export const ROOM_TYPE_FIELDS: FieldDef[] = [
  { name: 'typeName', label: f('typeName'), kind: 'text', required: true, maxLength: 50 },
  { name: 'state', label: f('state'), kind: 'select', required: true, options: ENABLED_STATES },
  { name: 'dailyPrice', label: f('dailyPrice'), kind: 'money', required: true },
  { name: 'hourlyPrice', label: f('hourlyPrice'), kind: 'money' },
  { name: 'deposit', label: f('deposit'), kind: 'money' },
  { name: 'contractPrice', label: f('contractPrice'), kind: 'money' },
  { name: 'maxOccupancy', label: f('maxOccupancy'), kind: 'integer', min: 1, max: 50 },
  { name: 'hourRoom', label: f('hourRoom'), kind: 'switch' },
  // Rooms and dormitories sold by bed show 'not full' while beds are free (SPEC §4 room status chart).
  { name: 'soldByBed', label: f('soldByBed'), kind: 'switch' },
  { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
]

const NEW_TYPE = { state: '0', maxOccupancy: 2, hourRoom: false, soldByBed: false }
const src = (path: string) => (path.startsWith('/files/') ? `${API_BASE}${path}` : path)

export function RoomTypeEditor({ open, mode, record, onClose, onSaved }: EditorProps<RoomType>) {
  const t = useT()
  const [costs, setCosts] = useState<CostDraft[]>([])
  const [costErrors, setCostErrors] = useState<Record<string, string>[]>([])
  const [pictures, setPictures] = useState<string[]>([])
  const [uploading, setUploading] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!open) return
    setCosts(toDrafts(record?.costItems))
    setCostErrors([])
    setPictures(splitPictures(record?.pictures))
  }, [open, record])

  const setCost = (i: number, patch: Partial<CostDraft>) =>
    setCosts((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)))

  const upload = async (files: FileList | null) => {
    if (!files?.length) return
    setUploading(true)
    try {
      const added: string[] = []
      for (const file of Array.from(files)) {
        const res = await roomStockApi.uploadPicture(file)
        if (res.data?.url) added.push(res.data.url)
      }
      setPictures((p) => (picturesFit([...p, ...added]) ? [...p, ...added] : p))
    } catch {
      // The request layer has shown why (not an image, too large).
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <FormDialog
      open={open}
      mode={mode}
      entity="roomStockConsole.entity.roomType"
      fields={ROOM_TYPE_FIELDS}
      record={(record as Record<string, unknown> | undefined) ?? NEW_TYPE}
      onClose={onClose}
      testId="room-type-dialog"
      validateExtra={() => {
        const errors = checkCosts(costs, t)
        setCostErrors(errors)
        return costsValid(errors)
      }}
      onSubmit={async (body) => {
        const full = { ...body, pictures: joinPictures(pictures), costItems: toCostItems(costs) }
        if (mode === 'add') await roomTypeApi.add(full)
        else await roomTypeApi.edit({ ...full, roomTypeId: record!.roomTypeId })
        notifySuccess(mode === 'add' ? 'add' : 'edit')
        onSaved()
      }}
    >
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {t(f('pictures'))}
        </Text>
        <Flex gap="2" wrap="wrap" align="center" data-testid="room-type-pictures">
          {pictures.map((p) => (
            <Box key={p} position="relative">
              <Image src={src(p)} alt="" boxSize="72px" objectFit="cover" rounded="md" borderWidth="1px" />
              <Button
                size="2xs"
                variant="subtle"
                position="absolute"
                bottom="1"
                right="1"
                onClick={() => setPictures((list) => list.filter((x) => x !== p))}
              >
                {t(f('removePicture'))}
              </Button>
            </Box>
          ))}
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            multiple
            hidden
            data-testid="room-type-picture-input"
            onChange={(e) => void upload(e.target.files)}
          />
          <Button size="sm" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
            {t(f('upload'))}
          </Button>
        </Flex>
        <Flex justify="space-between" align="center" mt="2">
          <Text fontSize="sm" fontWeight="medium">
            {t(f('costItems'))}
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => setCosts((c) => [...c, newCost()])}
            data-testid="cost-add"
          >
            {t(f('addCost'))}
          </Button>
        </Flex>
        {costs.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t(f('noCost'))}
          </Text>
        )}
        {costs.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: cost rows have no id of their own; their order is their identity.
          <Flex key={i} gap="2" align="flex-start" data-testid="cost-row">
            <Field.Root invalid={Boolean(costErrors[i]?.costName)} flex="2">
              <Input
                size="sm"
                placeholder={t(f('costName'))}
                value={c.costName}
                onChange={(e) => setCost(i, { costName: e.target.value })}
                data-testid="cost-name"
              />
              <Field.ErrorText>{costErrors[i]?.costName}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(costErrors[i]?.amount)} flex="1">
              <Input
                size="sm"
                inputMode="decimal"
                placeholder={t(f('amount'))}
                value={c.amount}
                onChange={(e) => setCost(i, { amount: e.target.value })}
                data-testid="cost-amount"
              />
              <Field.ErrorText>{costErrors[i]?.amount}</Field.ErrorText>
            </Field.Root>
            <Checkbox.Root
              size="sm"
              mt="2"
              checked={c.checkInCost}
              onCheckedChange={(e) => setCost(i, { checkInCost: e.checked === true })}
            >
              <Checkbox.HiddenInput data-testid="cost-check-in" />
              <Checkbox.Control />
              <Checkbox.Label>{t(f('checkInCost'))}</Checkbox.Label>
            </Checkbox.Root>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('crud.delete')}
              onClick={() => setCosts((list) => list.filter((_, j) => j !== i))}
            >
              ×
            </IconButton>
          </Flex>
        ))}
      </Stack>
    </FormDialog>
  )
}
