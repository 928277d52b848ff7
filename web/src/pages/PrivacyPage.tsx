// /private/:lang: the privacy text for a language, from system config sys.privacy.<lang>.
import { Box, Container, Heading, Spinner, Text } from '@chakra-ui/react'
import useSWR from 'swr'
import { configApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import type { ScreenProps } from '../screens/props.ts'

export default function PrivacyPage({ params }: ScreenProps) {
  const t = useT()
  const key = `sys.privacy.${params.lang}`
  const { data, isLoading, error } = useSWR(key, () => configApi.byKey(key))
  // configKey answers the value in msg (RuoYi) or in data.
  const text = data ? (typeof data.data === 'string' && data.data ? data.data : data.msg) : ''
  return (
    <Container maxW="3xl" py="8" data-testid="privacy-page">
      <Heading size="lg" mb="4">
        {t('console.privacy.title')}
      </Heading>
      {isLoading ? (
        <Spinner />
      ) : error || !text ? (
        <Text color="fg.muted">{t('console.privacy.empty')}</Text>
      ) : (
        <Box whiteSpace="pre-wrap" lineHeight="tall">
          {text}
        </Box>
      )}
    </Container>
  )
}
