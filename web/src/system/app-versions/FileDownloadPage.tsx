// /file/:platform/:appId (SPEC §2.1, public): the download page of the latest version of an app for a platform.
import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react'
import type { LatestAppVersion } from '@pms/protocol/api/system'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import type { ScreenProps } from '../../screens/props.ts'
import { latestVersion } from './api.ts'

export default function FileDownloadPage({ params }: ScreenProps) {
  const t = useT()
  const [latest, setLatest] = useState<LatestAppVersion | null | undefined>(undefined)
  useEffect(() => {
    latestVersion(params.platform ?? '', params.appId ?? '')
      .then((r) => setLatest(r.data ?? null))
      .catch(() => setLatest(null))
  }, [params.platform, params.appId])
  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.subtle" p="4" data-testid="file-download-page">
      <Box bg="bg" p="6" rounded="md" shadow="sm" maxW="lg" w="full">
        <Heading size="md" mb="2">
          {params.appId} · {t(`adminConsole.platform.${params.platform}`)}
        </Heading>
        {latest === null && <Text data-testid="file-download-none">{t('adminConsole.app.none')}</Text>}
        {latest && (
          <Flex direction="column" gap="2">
            <Text data-testid="file-download-version">
              {t('adminConsole.app.latest')}: {latest.versionName} ({latest.versionCode})
            </Text>
            {latest.releaseNotes && (
              <Text fontSize="sm" whiteSpace="pre-wrap" color="fg.muted">
                {latest.releaseNotes}
              </Text>
            )}
            <Button asChild colorPalette="blue" alignSelf="start">
              <a href={latest.href} download={latest.fileName || undefined} data-testid="file-download-link">
                {t('adminConsole.app.download')}
              </a>
            </Button>
          </Flex>
        )}
      </Box>
    </Flex>
  )
}
