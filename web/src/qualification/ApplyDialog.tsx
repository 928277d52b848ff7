// The apply-as-customer dialog (SPEC §2.4, §5): the form with its §5 rules, the address picked from the maps
// suggestions (its area code becomes cityId, sent with the last two digits zeroed), the licence image upload, and
// the user's existing application with its state; submitting again resubmits it.
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Input,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import {
  QUALIFICATION_LIMITS,
  type QualificationApplication,
  QualificationState,
  qualificationStateKey,
} from '@pms/protocol/api/qualification'
import type { AddressValue } from '@pms/protocol/geo/regions'
import type { MapsProviderName, PlaceSuggestion } from '@pms/protocol/geo/regions-maps'
import { useCallback, useEffect, useRef, useState } from 'react'
import { AddressPicker } from '../address/AddressPicker.tsx'
import { useRegionTree } from '../address/api.ts'
import { valueOfCode } from '../address/cascade.ts'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { FormField } from '../login/FieldError.tsx'
import { PrivateImage } from '../ui/PrivateImage.tsx'
import { AddressSuggest } from './AddressSuggest.tsx'
import { qualificationApi } from './api.ts'
import {
  type ApplyForm,
  bodyOf,
  EMPTY_FORM,
  editAddress,
  formFromApplication,
  formProblems,
  pickSuggestion,
} from './applyForm.ts'
import { problemText } from './problemText.ts'

export const APPLY_DIALOG_WIDTH = 640

export function stateColor(state: number): string {
  switch (state) {
    case QualificationState.approved:
    case QualificationState.plugged:
      return 'green'
    case QualificationState.refused:
      return 'red'
    default:
      return 'orange'
  }
}

export function ApplyDialog(props: { open: boolean; onClose: () => void; onSubmitted?: () => void }) {
  const { open, onClose, onSubmitted } = props
  const t = useT()
  const { tree } = useRegionTree()
  const [existing, setExisting] = useState<QualificationApplication | null>(null)
  const [form, setForm] = useState<ApplyForm>(EMPTY_FORM)
  const [region, setRegion] = useState<AddressValue>({})
  const [location, setLocation] = useState<PlaceSuggestion['location']>()
  const [provider, setProvider] = useState<MapsProviderName>()
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [uploading, setUploading] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!open) return
    setTried(false)
    setLocation(undefined)
    let live = true
    qualificationApi
      .own()
      .then((res) => {
        if (!live) return
        setExisting(res.data ?? null)
        setForm(formFromApplication(res.data))
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [open])

  // The region picker shows where the chosen address lies (and narrows the search when set by hand).
  useEffect(() => {
    if (tree && form.cityId) setRegion(valueOfCode(tree, form.cityId))
  }, [tree, form.cityId])

  const problems = formProblems(form)
  const error = (field: keyof typeof problems) => (tried ? problemText(t, problems[field]) : undefined)
  const final = existing?.state === QualificationState.plugged
  const set = (field: keyof ApplyForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))
  const onProvider = useCallback((p: MapsProviderName) => setProvider(p), [])

  const pick = (s: PlaceSuggestion) => {
    setForm((f) => pickSuggestion(f, s))
    setLocation(s.location)
  }

  const upload = async (file: File | undefined) => {
    if (!file) return
    if (!file.type.startsWith('image/')) return feedback.toast('error', t('qualification.apply.imageOnly'))
    setUploading(true)
    try {
      const res = await qualificationApi.upload(file)
      if (res.data) setForm((f) => ({ ...f, image: res.data! }))
    } catch {
      // Shown by the request layer.
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  const submit = async () => {
    setTried(true)
    if (Object.keys(problems).length > 0) return
    setBusy(true)
    try {
      const res = await qualificationApi.submit(bodyOf(form), Boolean(existing))
      feedback.toast('success', res.msg)
      setExisting(res.data ?? null)
      onSubmitted?.()
      onClose()
    } catch {
      // The server's message was shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${APPLY_DIALOG_WIDTH}px`} w="95vw" data-testid="apply-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('qualification.apply.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {existing && (
                  <Alert.Root status={final ? 'success' : 'info'} size="sm" data-testid="apply-existing">
                    <Alert.Content>
                      <Alert.Title>
                        <Flex gap="2" align="center">
                          {t('qualification.apply.current', [''])}
                          <Badge colorPalette={stateColor(existing.state)} data-testid="apply-state">
                            {t(qualificationStateKey(existing.state))}
                          </Badge>
                        </Flex>
                      </Alert.Title>
                      {existing.checkRemark && (
                        <Alert.Description>
                          {t('qualification.apply.checkRemark', [existing.checkRemark])}
                        </Alert.Description>
                      )}
                      {final && <Alert.Description>{t('qualification.apply.final')}</Alert.Description>}
                    </Alert.Content>
                  </Alert.Root>
                )}
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  <FormField label={t('qualification.field.project')} error={error('project')}>
                    <Input
                      size="sm"
                      value={form.project}
                      maxLength={QUALIFICATION_LIMITS.project}
                      disabled={final}
                      data-testid="apply-project"
                      onChange={set('project')}
                    />
                  </FormField>
                  <FormField label={t('qualification.field.contact')} error={error('contact')}>
                    <Input
                      size="sm"
                      value={form.contact}
                      maxLength={QUALIFICATION_LIMITS.contact}
                      disabled={final}
                      data-testid="apply-contact"
                      onChange={set('contact')}
                    />
                  </FormField>
                  <FormField label={t('qualification.field.phone')} error={error('phone')}>
                    <Input
                      size="sm"
                      value={form.phone}
                      maxLength={QUALIFICATION_LIMITS.phone}
                      disabled={final}
                      data-testid="apply-phone"
                      onChange={set('phone')}
                    />
                  </FormField>
                  <FormField label={t('qualification.field.refereesPhone')} error={error('refereesPhone')}>
                    <Input
                      size="sm"
                      value={form.refereesPhone}
                      maxLength={QUALIFICATION_LIMITS.refereesPhone}
                      disabled={final}
                      data-testid="apply-referees"
                      onChange={set('refereesPhone')}
                    />
                  </FormField>
                </SimpleGrid>
                <FormField label={t('qualification.apply.region')}>
                  <AddressPicker
                    value={region}
                    onChange={setRegion}
                    disabled={final}
                    clearable
                    inline
                    testId="apply-region"
                  />
                </FormField>
                <FormField label={t('qualification.field.address')} error={error('address')}>
                  <AddressSuggest
                    value={form.address}
                    picked={form.picked}
                    city={region.cityCode ?? region.provinceCode}
                    maxLength={QUALIFICATION_LIMITS.address}
                    disabled={final}
                    onType={(text) => setForm((f) => editAddress(f, text))}
                    onPick={pick}
                    onProvider={onProvider}
                  />
                </FormField>
                <Text fontSize="xs" color="fg.muted" data-testid="apply-map">
                  {location
                    ? t('qualification.apply.location', [location.lat, location.lng])
                    : provider === 'offline'
                      ? t('qualification.apply.mapOffline')
                      : ''}
                </Text>
                <FormField label={t('qualification.field.image')} error={error('image')}>
                  <Flex gap="3" align="center">
                    {form.image && (
                      <PrivateImage
                        path={form.image}
                        alt={t('qualification.field.image')}
                        maxH="80px"
                        rounded="sm"
                        data-testid="apply-licence"
                      />
                    )}
                    <input
                      ref={fileInput}
                      type="file"
                      accept="image/*"
                      hidden
                      data-testid="apply-licence-file"
                      onChange={(e) => void upload(e.target.files?.[0])}
                    />
                    <Button
                      size="xs"
                      variant="outline"
                      loading={uploading}
                      disabled={final}
                      onClick={() => fileInput.current?.click()}
                    >
                      {t('qualification.apply.upload')}
                    </Button>
                  </Flex>
                </FormField>
                <FormField label={t('qualification.field.remark')} error={error('remark')}>
                  <Textarea
                    size="sm"
                    value={form.remark}
                    maxLength={QUALIFICATION_LIMITS.remark}
                    disabled={final}
                    data-testid="apply-remark"
                    onChange={set('remark')}
                  />
                </FormField>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={onClose}>
                {t('console.dialog.cancel')}
              </Button>
              {!final && (
                <Button size="sm" loading={busy} onClick={() => void submit()} data-testid="apply-submit">
                  {t(existing ? 'qualification.apply.resubmit' : 'qualification.apply.submit')}
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
