// One property in the picker: photo carousel, name, code, address; the current one is tagged, others can be entered.
import { Badge, Box, Button, Card, Carousel, Center, Image, Text } from '@chakra-ui/react'
import type { PropertyItem } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { photoUrl } from '../property-admin/fields.ts'

interface Props {
  property: PropertyItem
  current: boolean
  intervalMs: number
  /** Height of the photo carousel in px (the picker's is smaller than the 'my properties' page's). */
  photoHeight?: number
  /** Absent: no enter button (a platform user has no property to enter). */
  onEnter?: () => void
  /** Shows an edit button beside the code. */
  onEditCode?: () => void
}

export function PropertyCard({
  property,
  current,
  intervalMs,
  photoHeight = 140,
  onEnter,
  onEditCode,
}: Props) {
  const t = useT()
  const photos = property.fileList?.filter((f) => f.filePath) ?? []
  return (
    <Card.Root size="sm" overflow="hidden" data-testid="property-card" data-property-id={property.propertyId}>
      {photos.length > 0 ? (
        <Carousel.Root slideCount={photos.length} autoplay={{ delay: intervalMs }} loop>
          <Carousel.ItemGroup>
            {photos.map((f, i) => (
              <Carousel.Item key={f.filePath} index={i}>
                <Image
                  src={photoUrl(f.filePath)}
                  alt={property.propertyName}
                  h={`${photoHeight}px`}
                  w="full"
                  objectFit="cover"
                />
              </Carousel.Item>
            ))}
          </Carousel.ItemGroup>
        </Carousel.Root>
      ) : (
        <Center h={`${photoHeight}px`} bg="bg.muted" color="fg.muted" fontSize="sm">
          {t('console.property.noImage')}
        </Center>
      )}
      <Card.Body gap="1">
        <Box display="flex" gap="2" alignItems="center">
          <Text fontWeight="semibold" truncate>
            {property.propertyName}
          </Text>
          {current && <Badge colorPalette="green">{t('console.property.current')}</Badge>}
        </Box>
        <Box display="flex" gap="1" alignItems="center" fontSize="xs" color="fg.muted">
          <Text data-testid="property-code">
            {t('console.property.code')}: {property.propertyCode ?? '-'}
          </Text>
          {onEditCode && (
            <Button size="2xs" variant="ghost" onClick={onEditCode} data-testid="property-code-edit">
              {t('propertyConsole.code.edit')}
            </Button>
          )}
        </Box>
        <Text fontSize="xs" color="fg.muted" truncate>
          {t('console.property.address')}: {property.address ?? '-'}
        </Text>
      </Card.Body>
      {!current && onEnter && (
        <Card.Footer>
          <Button size="xs" onClick={onEnter} data-testid="property-enter">
            {t('console.property.enter')}
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  )
}
