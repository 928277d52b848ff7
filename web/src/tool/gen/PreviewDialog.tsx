// The two files a table's config generates, one at a time, each with its path and a download of its own.
import { Button, Code, Dialog, Flex, Portal, Stack, Text } from '@chakra-ui/react'
import { type GenFileKind, GenPermission, type GenPreview, type GenTable } from '@pms/protocol/api/gen'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import { permitted } from '../../ui/crud/permissions.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { downloadGen, previewGen } from './api.ts'

const FILES: GenFileKind[] = ['server', 'web']

export function PreviewDialog({ table, onClose }: { table: GenTable | null; onClose: () => void }) {
  const t = useT()
  const permissions = usePermissions()
  const canDownload = permitted([{ permission: `${GenPermission}:code` }], permissions).length > 0
  const [preview, setPreview] = useState<GenPreview | null>(null)
  const [shown, setShown] = useState<GenFileKind>('server')
  useEffect(() => {
    setPreview(null)
    setShown('server')
    if (!table) return
    previewGen(table.tableId)
      .then((res) => setPreview(res.data ?? null))
      // Shown by the request layer (e.g. a table without one integer key): nothing to preview.
      .catch(() => onClose())
  }, [table, onClose])
  const file = preview?.[shown]
  return (
    <Dialog.Root
      open={table !== null}
      onOpenChange={(e) => !e.open && onClose()}
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="gen-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('gen.previewTitle')} · {table?.tableName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('gen.previewNote')}
                </Text>
                <Flex gap="2">
                  {FILES.map((kind) => (
                    <Button
                      key={kind}
                      size="xs"
                      variant={kind === shown ? 'solid' : 'outline'}
                      onClick={() => setShown(kind)}
                      data-testid={`gen-preview-tab-${kind}`}
                    >
                      {t(`gen.file.${kind}`)}
                    </Button>
                  ))}
                </Flex>
                {file && table && (
                  <>
                    <Flex gap="2" align="center" justify="space-between">
                      <Code data-testid="gen-preview-path">{file.path}</Code>
                      {canDownload && (
                        <Button
                          size="xs"
                          colorPalette="blue"
                          onClick={() => void downloadGen(table.tableId, shown, file.path)}
                          data-testid="gen-download"
                        >
                          {t('gen.download')}
                        </Button>
                      )}
                    </Flex>
                    <Code
                      as="pre"
                      display="block"
                      whiteSpace="pre"
                      overflowX="auto"
                      fontSize="xs"
                      p="3"
                      data-testid="gen-preview-code"
                    >
                      {file.content}
                    </Code>
                  </>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('gen.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
