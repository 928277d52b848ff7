// The 404 page: also what a route answers while its screen is not built.
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from 'wouter'
import { useT } from '../i18n/t.ts'

export default function NotFoundPage() {
  const t = useT()
  return (
    <Center minH="60vh" p="6" data-testid="page-404">
      <Stack gap="4" maxW="lg" textAlign="center" align="center">
        <Heading size="4xl" color="colorPalette.500" colorPalette="blue">
          404
        </Heading>
        <Heading size="lg">{t('console.error.pageNotFound')}</Heading>
        <Text color="fg.muted">{t('console.error.pageNotFoundText')}</Text>
        <Button asChild colorPalette="blue">
          <Link href="/index">{t('console.error.backHome')}</Link>
        </Button>
      </Stack>
    </Center>
  )
}
