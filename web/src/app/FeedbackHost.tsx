// Serves the request layer's toasts and confirm dialogs. Their UI loads with the first one asked for, not with the
// first page (with the UI library when the page has not brought it): until then the requests wait in order and are handed over as soon as it is up.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { type Feedback, installFeedback } from '../api/feedback.ts'
import { WithChakra } from './chakra.ts'

const FeedbackUi = lazy(() => import('./FeedbackUi.tsx'))

type Waiting = (ui: Feedback) => void

export function FeedbackHost() {
  const [wanted, setWanted] = useState(false)
  const [waiting] = useState<Waiting[]>([])

  useEffect(() => {
    const later = (call: Waiting) => {
      waiting.push(call)
      setWanted(true)
    }
    installFeedback({
      toast: (tone, text, durationMs) => later((ui) => ui.toast(tone, text, durationMs)),
      notify: (tone, title, description) => later((ui) => ui.notify(tone, title, description)),
      confirm: (options) => new Promise((resolve) => later((ui) => void ui.confirm(options).then(resolve))),
    })
  }, [waiting])

  const onReady = useCallback(
    (ui: Feedback) => {
      installFeedback(ui)
      for (const call of waiting.splice(0)) call(ui)
    },
    [waiting],
  )

  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <WithChakra>
        <FeedbackUi onReady={onReady} />
      </WithChakra>
    </Suspense>
  )
}
