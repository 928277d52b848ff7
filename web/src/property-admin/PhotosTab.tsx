// Photos of the current property (fileList, shown in the property cards' carousel): upload and delete.
import { Box, Button, Flex, Image, SimpleGrid, Text } from '@chakra-ui/react'
import { PROPERTY_PHOTO_MAX, type PropertyView } from '@pms/protocol/api/properties'
import { useRef, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { loadProperties } from '../session/store.ts'
import { confirmAction } from '../ui/confirm.ts'
import { propertyAdminApi } from './api.ts'
import { photoUrl } from './fields.ts'

export function PhotosTab({ property, onChanged }: { property: PropertyView; onChanged: () => void }) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const photos = property.fileList
  const changed = () => {
    onChanged()
    void loadProperties().catch(() => {})
  }

  const upload = async (files: FileList | null) => {
    if (!files?.length) return
    setUploading(true)
    try {
      for (const file of [...files].slice(0, PROPERTY_PHOTO_MAX - photos.length))
        await propertyAdminApi.uploadPhoto(property.propertyId, file)
      notifySuccess('add')
    } catch {
      // Shown by the request layer.
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
      changed()
    }
  }

  const remove = async (fileId: number) => {
    if (!(await confirmAction(t('propertyConsole.photos.confirmDelete')))) return
    try {
      await propertyAdminApi.removePhotos([fileId])
      notifySuccess('delete')
      changed()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Flex direction="column" gap="3" data-testid="property-photos">
      <Flex gap="3" align="center">
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          hidden
          data-testid="property-photo-input"
          onChange={(e) => void upload(e.target.files)}
        />
        <Button
          size="sm"
          loading={uploading}
          disabled={photos.length >= PROPERTY_PHOTO_MAX}
          onClick={() => input.current?.click()}
        >
          {t('propertyConsole.photos.upload')}
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t('propertyConsole.photos.limit', [photos.length, PROPERTY_PHOTO_MAX])}
        </Text>
      </Flex>
      {photos.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center">
          {t('console.property.noImage')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {photos.map((f) => (
            <Box key={f.fileId} borderWidth="1px" rounded="md" overflow="hidden" data-testid="property-photo">
              <Image src={photoUrl(f.filePath)} alt="" h="120px" w="full" objectFit="cover" />
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                w="full"
                onClick={() => void remove(f.fileId)}
              >
                {t('crud.delete')}
              </Button>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Flex>
  )
}
