// The frame of the sign-in pages: title, language switch, the form and the footer links.
import { Box, Card, Center, Link as ChakraLink, Flex, Heading } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { getLanguage } from '../i18n/language.ts'
import { useT } from '../i18n/t.ts'
import { LanguageSelect } from './LanguageSelect.tsx'

interface Props {
  title: string
  children: ReactNode
  links: { href: string; label: string }[]
}

export function LoginShell({ title, children, links }: Props) {
  const t = useT()
  return (
    <Center
      minH="100vh"
      bgGradient="to-br"
      gradientFrom="blue.700"
      gradientTo="teal.500"
      p="4"
      colorPalette="blue"
    >
      <Card.Root w="full" maxW="420px" data-testid="login-card">
        <Card.Header>
          <Flex align="center" justify="space-between">
            <Heading size="lg">{title}</Heading>
            <LanguageSelect />
          </Flex>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="2" fontSize="sm">
          {links.map((l) => (
            <ChakraLink key={l.href} asChild colorPalette="blue">
              <Link href={l.href}>{t(l.label)}</Link>
            </ChakraLink>
          ))}
          <ChakraLink asChild colorPalette="gray">
            <Link href={`/private/${getLanguage()}`}>{t('console.login.privacy')}</Link>
          </ChakraLink>
        </Card.Footer>
      </Card.Root>
      <Box position="fixed" bottom="2" color="whiteAlpha.700" fontSize="xs">
        {t('console.app.title')}
      </Box>
    </Center>
  )
}
