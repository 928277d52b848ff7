// The images of a product or package (a comma-separated list), one at a time with previous/next and dots.
import { Box, Button, Flex, Image, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'

export function ImageCarousel(props: { images: string; alt: string }) {
  const t = useT()
  const list = props.images
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const [at, setAt] = useState(0)
  if (!list.length)
    return (
      <Flex
        h="280px"
        w="100%"
        bg="gray.100"
        align="center"
        justify="center"
        data-testid="shop-carousel-empty"
      >
        <Text color="gray.500">{t('shop.noImage')}</Text>
      </Flex>
    )
  const index = Math.min(at, list.length - 1)
  const go = (step: number) => setAt((index + step + list.length) % list.length)
  return (
    <Box data-testid="shop-carousel">
      <Flex h="280px" bg="gray.50" align="center" justify="center" borderRadius="md" overflow="hidden">
        <Image
          src={list[index]}
          alt={props.alt}
          maxH="280px"
          objectFit="contain"
          data-testid="shop-carousel-image"
        />
      </Flex>
      {list.length > 1 && (
        <Flex mt="2" align="center" justify="center" gap="3">
          <Button size="xs" variant="outline" onClick={() => go(-1)} aria-label={t('shop.prev')}>
            ‹
          </Button>
          <Text fontSize="sm" data-testid="shop-carousel-position">
            {t('shop.imageOf', [index + 1, list.length])}
          </Text>
          <Button size="xs" variant="outline" onClick={() => go(1)} aria-label={t('shop.next')}>
            ›
          </Button>
        </Flex>
      )}
    </Box>
  )
}
