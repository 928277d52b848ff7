// The toasts, notifications and confirm dialogs themselves, loaded by FeedbackHost on the first one asked for.
import { Button, createToaster, Dialog, Portal, Stack, Toast, Toaster } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import type { ConfirmOptions, Feedback } from '../api/feedback.ts'

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 })

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void
}

export default function FeedbackUi({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [queue, setQueue] = useState<Pending[]>([])
  const current = queue[0]

  useEffect(() => {
    // Handed over a frame later: toasts created in the commit that mounts the toaster were lost in production.
    const frame = requestAnimationFrame(() =>
      onReady({
        toast: (type, title, duration) => toaster.create({ type, title, duration }),
        notify: (type, title, description) => toaster.create({ type, title, description, duration: 5000 }),
        confirm: (options) =>
          new Promise<boolean>((resolve) => setQueue((q) => [...q, { ...options, resolve }])),
      }),
    )
    return () => cancelAnimationFrame(frame)
  }, [onReady])

  const answer = (ok: boolean) => {
    current?.resolve(ok)
    setQueue((q) => q.slice(1))
  }

  return (
    <>
      <Portal>
        <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }} data-testid="toast">
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              <Toast.CloseTrigger />
            </Toast.Root>
          )}
        </Toaster>
      </Portal>
      {/* Answered by its buttons or Escape only: a focus or pointer outside it is no answer. A menu that opened it and
          is still closing hands focus back to its trigger, which would otherwise dismiss the dialog as it opens. */}
      <Dialog.Root
        role="alertdialog"
        open={Boolean(current)}
        closeOnInteractOutside={false}
        onOpenChange={(e) => !e.open && answer(false)}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="confirm-dialog">
              <Dialog.Header>
                <Dialog.Title>{current?.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{current?.body}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => answer(false)}>
                  {current?.cancelText}
                </Button>
                <Button colorPalette="blue" data-testid="confirm-ok" onClick={() => answer(true)}>
                  {current?.confirmText}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}
