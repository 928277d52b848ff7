// /doc/open/:id (SPEC §2.1, public): the business API's generated OpenAPI document for one area (id = area, e.g.
// 'system'), readable by a developer: the areas, how to authenticate, and each call with its access and parameters.
import { Badge, Box, Code, Flex, Heading, Link, Stack, Table, Text } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import useSWR from 'swr'
import { http } from '../api/request.ts'
import { useT } from '../i18n/t.ts'
import type { ScreenProps } from '../screens/props.ts'

interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: { type?: string }
}
interface Operation {
  security?: unknown[]
  parameters?: Parameter[]
  requestBody?: {
    content: Record<
      string,
      { schema?: { properties?: Record<string, { type?: string }>; required?: string[] } }
    >
  }
  'x-permission'?: string
  'x-user-types'?: number[]
}
interface OpenApiDoc {
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, Operation>>
}

const METHOD_COLOURS: Record<string, string> = { get: 'green', post: 'blue', put: 'orange', delete: 'red' }

/** Every input of a call as 'in:name' (body fields as 'body:name'), required ones marked with *. */
export function inputsOf(op: Operation): string[] {
  const inputs = (op.parameters ?? []).map((p) => `${p.in}:${p.name}${p.required ? '*' : ''}`)
  const body = op.requestBody?.content['application/json']?.schema
  for (const name of Object.keys(body?.properties ?? {}))
    inputs.push(`body:${name}${body?.required?.includes(name) ? '*' : ''}`)
  return inputs
}

export default function OpenApiPage({ params }: ScreenProps) {
  const t = useT()
  const area = params.id ?? ''
  const areas = useSWR('doc-areas', () =>
    http.get<Result<{ area: string; operations: number }[]>>('/doc/open', undefined, { auth: false }),
  )
  const doc = useSWR(['doc-area', area], () =>
    http.get<Result<OpenApiDoc>>(`/doc/open/${encodeURIComponent(area)}`, undefined, {
      auth: false,
      quiet: true,
    }),
  )
  const paths = Object.entries(doc.data?.data?.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))
  return (
    <Flex minH="100vh" bg="bg.subtle" p="6" gap="6" data-testid="open-api-page" align="start">
      <Stack minW="180px" gap="1" data-testid="open-api-areas">
        <Heading size="sm">{t('adminMore.doc.areas')}</Heading>
        {(areas.data?.data ?? []).map((a) => (
          <Link key={a.area} href={`/doc/open/${a.area}`} fontWeight={a.area === area ? 'bold' : undefined}>
            {a.area} ({a.operations})
          </Link>
        ))}
      </Stack>
      <Box flex="1" bg="bg" p="5" rounded="md" shadow="sm" minW="0">
        <Heading size="md">{doc.data?.data?.info.title ?? t('adminMore.doc.title')}</Heading>
        {doc.error && <Text data-testid="open-api-none">{t('adminMore.doc.none', [area])}</Text>}
        {doc.data?.data && (
          <Stack gap="4" mt="2">
            <Text fontSize="sm" color="fg.muted">
              {t('adminMore.doc.version', [doc.data.data.info.version])} ·{' '}
              <Link href={`/prod-api/doc/open/${area}`} target="_blank">
                OpenAPI JSON
              </Link>
            </Text>
            <Box>
              <Heading size="sm">{t('adminMore.doc.auth')}</Heading>
              <Text fontSize="sm">{t('adminMore.doc.authText')}</Text>
              <Text fontSize="sm" mt="1">
                {t('adminMore.doc.apiKeyText')}
              </Text>
            </Box>
            <Table.Root size="sm" data-testid="open-api-operations">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('adminMore.doc.call')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('adminMore.doc.access')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('adminMore.doc.inputs')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {paths.flatMap(([path, ops]) =>
                  Object.entries(ops).map(([method, op]) => (
                    <Table.Row key={`${method} ${path}`} data-testid="open-api-operation">
                      <Table.Cell>
                        <Badge colorPalette={METHOD_COLOURS[method] ?? 'gray'} mr="2">
                          {method.toUpperCase()}
                        </Badge>
                        <Code>{path}</Code>
                      </Table.Cell>
                      <Table.Cell fontSize="xs">
                        {op.security?.length === 0
                          ? t('adminMore.doc.public')
                          : (op['x-permission'] ?? t('adminMore.doc.signedIn'))}
                        {op['x-user-types'] &&
                          ` · ${t('adminMore.doc.userTypes', [op['x-user-types'].join(', ')])}`}
                      </Table.Cell>
                      <Table.Cell fontSize="xs">{inputsOf(op).join(', ')}</Table.Cell>
                    </Table.Row>
                  )),
                )}
              </Table.Body>
            </Table.Root>
          </Stack>
        )}
      </Box>
    </Flex>
  )
}
