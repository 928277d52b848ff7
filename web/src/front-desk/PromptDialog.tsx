// A small dialog asking for one text (a reason, a remark) and optionally a choice, for the order actions.
import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'

export interface PromptDialogProps {
  open: boolean
  title: string
  /** What is asked, shown above the field. */
  message?: string
  /** Field label; omitted: no text field. */
  label?: string
  required?: boolean
  maxLength?: number
  confirmText?: string
  /** A second, opposite answer (refuse). */
  altText?: string
  children?: ReactNode
  onClose: () => void
  /** Resolves when done (the dialog closes); rejects to stay open. */
  onConfirm: (text: string, alt: boolean) => Promise<void>
  testId?: string
}

export function PromptDialog(props: PromptDialogProps) {
  const t = useT()
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (props.open) {
      setText('')
      setError('')
    }
  }, [props.open])

  const submit = async (alt: boolean) => {
    if (props.label && props.required && !text.trim()) {
      setError(t('frontDeskConsole.error.required', [props.label]))
      return
    }
    setBusy(true)
    try {
      await props.onConfirm(text.trim(), alt)
      props.onClose()
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      // Opened from a menu, the menu hands focus back as it closes: that is no reason to close the dialog.
      onFocusOutside={(e) => e.preventDefault()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId ?? 'prompt-dialog'}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {props.message && <Text>{props.message}</Text>}
                {props.children}
                {props.label && (
                  <Field.Root invalid={Boolean(error)} required={props.required}>
                    <Field.Label>{props.label}</Field.Label>
                    <Input
                      size="sm"
                      value={text}
                      maxLength={props.maxLength ?? 200}
                      onChange={(e) => setText(e.target.value)}
                      data-testid="prompt-text"
                    />
                    {error && <Field.ErrorText>{error}</Field.ErrorText>}
                  </Field.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {t('crud.cancel')}
              </Button>
              {props.altText && (
                <Button
                  colorPalette="red"
                  variant="outline"
                  loading={busy}
                  onClick={() => void submit(true)}
                  data-testid="prompt-alt"
                >
                  {props.altText}
                </Button>
              )}
              <Button
                colorPalette="blue"
                loading={busy}
                onClick={() => void submit(false)}
                data-testid="prompt-ok"
              >
                {props.confirmText ?? t('console.dialog.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
