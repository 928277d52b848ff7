// The steps of an issuing attempt and the encoder's progress lines from the bridge websocket.
import { Badge, Flex, List, Text } from '@chakra-ui/react'
import { useT } from '../i18n/t.ts'
import type { IssueAttempt, IssueStep } from './issueFlow.ts'
import type { ProgressLine } from './progress.ts'

const STEPS: IssueStep[] = ['reading', 'granting', 'writing', 'confirming']

function stepState(step: IssueStep, at: IssueAttempt): 'done' | 'current' | 'failed' | 'pending' {
  const order = STEPS.indexOf(step)
  if (at.step === 'issued') return 'done'
  const reached = at.step === 'failed' ? STEPS.indexOf(at.failedAt!) : STEPS.indexOf(at.step)
  if (order < reached) return 'done'
  if (order === reached) return at.step === 'failed' ? 'failed' : 'current'
  return 'pending'
}

const PALETTE = { done: 'green', current: 'blue', failed: 'red', pending: 'gray' } as const

export function IssueProgress({ attempt, lines }: { attempt: IssueAttempt; lines: ProgressLine[] }) {
  const t = useT()
  return (
    <Flex direction="column" gap="2" data-testid="issue-progress" data-step={attempt.step}>
      <Flex gap="2" wrap="wrap">
        {STEPS.map((s) => {
          const state = stepState(s, attempt)
          return (
            <Badge key={s} colorPalette={PALETTE[state]} data-testid={`issue-step-${s}`} data-state={state}>
              {t(`cardConsole.step.${s}`)}
            </Badge>
          )
        })}
        {attempt.uid && (
          <Text fontSize="sm">
            {t('cardConsole.read.uid')}: {attempt.uid}
          </Text>
        )}
      </Flex>
      {lines.length > 0 && (
        <List.Root fontSize="xs" color="fg.muted" ps="4">
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are appended only, in order
            <List.Item key={i}>{t(l.key, l.params)}</List.Item>
          ))}
        </List.Root>
      )}
    </Flex>
  )
}
