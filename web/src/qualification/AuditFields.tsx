// The audit part of a qualification review (SPEC §5), shared by customer and agency review: the result (approve or
// refuse) and the remark. Nothing is checked here: the server answers 'An audit result must be selected' and asks a
// refusal for its remark, and the request layer shows it.
import { Flex, RadioGroup, Stack, Textarea } from '@chakra-ui/react'
import { QUALIFICATION_LIMITS, QualificationState } from '@pms/protocol/api/qualification'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { FormField } from '../login/FieldError.tsx'

export interface Audit {
  result: string
  remark: string
  setResult: (value: string) => void
  setRemark: (value: string) => void
  /** The body of a check call: state undefined when no result was chosen. */
  body: (id: number) => { id: number; state?: 1 | 2; checkRemark: string }
}

/** The audit's state, reset each time another application is opened. */
export function useAudit(application: { id: number; checkRemark: string } | null): Audit {
  const [result, setResult] = useState('')
  const [remark, setRemark] = useState('')
  useEffect(() => {
    setResult('')
    setRemark(application?.checkRemark ?? '')
  }, [application])
  return {
    result,
    remark,
    setResult,
    setRemark,
    body: (id) => ({ id, state: result ? (Number(result) as 1 | 2) : undefined, checkRemark: remark }),
  }
}

export function AuditFields({ audit }: { audit: Audit }) {
  const t = useT()
  return (
    <Stack gap="3" mt="3" borderTopWidth="1px" pt="3">
      <FormField label={t('qualification.field.result')}>
        <RadioGroup.Root value={audit.result} onValueChange={(e) => audit.setResult(e.value ?? '')} size="sm">
          <Flex gap="4">
            {[QualificationState.approved, QualificationState.refused].map((s) => (
              <RadioGroup.Item key={s} value={String(s)} data-testid={`review-result-${s}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {t(
                    s === QualificationState.approved
                      ? 'qualification.review.approve'
                      : 'qualification.review.refuse',
                  )}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Flex>
        </RadioGroup.Root>
      </FormField>
      <FormField label={t('qualification.field.checkRemark')}>
        <Textarea
          size="sm"
          value={audit.remark}
          maxLength={QUALIFICATION_LIMITS.checkRemark}
          data-testid="review-remark"
          onChange={(e) => audit.setRemark(e.target.value)}
        />
      </FormField>
    </Stack>
  )
}
