// The 401 page.
import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from 'wouter'
import { useT } from '../i18n/t.ts'

export default function UnauthorizedPage() {
  const t = useT()
  return (
    <Center minH="60vh" p="6" data-testid="page-401">
      <Stack gap="4" maxW="lg" textAlign="center" align="center">
        <Heading size="4xl" color="red.500">
          401
        </Heading>
        <Heading size="lg">{t('console.error.noAccess')}</Heading>
        <Text color="fg.muted">{t('console.error.noAccessText')}</Text>
        <Button asChild colorPalette="blue">
          <Link href="/index">{t('console.error.backHome')}</Link>
        </Button>
      </Stack>
    </Center>
  )
}
