// Language packs (SPEC §3, §5, §7 Language; issue 17): the entries of one language with the built-in wording beside
// them; content is edited inline and published in one write (POST writeLanguage), after which the console reloads the
// server packs and shows the new wording without a release. Import from XLSX (rows checked on the server, faulty
// rows named), export to XLSX.
import { Button, Flex, Input, NativeSelect, Text } from '@chakra-ui/react'
import { builtInPacks, LANGUAGES, type Language } from '@pms/protocol'
import { useEffect, useRef, useState } from 'react'
import { feedback } from '../../api/feedback.ts'
import { downloadWorkbook } from '../../ble-export/workbook.ts'
import { reloadServerPacks } from '../../i18n/languages.ts'
import { useT } from '../../i18n/t.ts'
import { fetchAll } from '../../ui/crud/api.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import { permitted } from '../../ui/crud/permissions.ts'
import type { CrudList } from '../../ui/crud/useCrudList.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { entryApi, type LanguageEntry, type LanguageType, languageAdminApi } from './api.ts'

const lf = (name: string) => `adminConsole.language.${name}`

export default function LanguagePage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const [types, setTypes] = useState<LanguageType[]>([])
  const [code, setCode] = useState('')
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const list = useRef<CrudList<LanguageEntry> | null>(null)
  const file = useRef<HTMLInputElement>(null)

  useEffect(() => {
    languageAdminApi
      .types()
      .then((r) => {
        setTypes(r.rows)
        setCode((c) => c || r.rows[0]?.code || '')
      })
      .catch(() => setTypes([]))
  }, [])
  const builtIn = (LANGUAGES as readonly string[]).includes(code) ? builtInPacks[code as Language] : undefined

  const publish = async () => {
    setBusy(true)
    try {
      // Entries added or imported are stored already; inline edits go in one write. Then the console reloads.
      if (Object.keys(drafts).length) await languageAdminApi.write(code, drafts)
      await reloadServerPacks()
      setDrafts({})
      feedback.toast('success', t(lf('published')))
      void list.current?.reload()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }
  const importFile = async (chosen: File | undefined) => {
    if (!chosen) return
    try {
      const res = await languageAdminApi.importFile(code, chosen)
      feedback.toast('success', t(lf('imported'), [res.data?.written ?? 0]))
      void list.current?.reload()
    } catch {
      // Shown by the request layer (faulty rows are named).
    } finally {
      if (file.current) file.current.value = ''
    }
  }
  const exportFile = async () => {
    const rows = await fetchAll(entryApi, { languageCode: code })
    if (!rows.length) return feedback.toast('warning', t(lf('exportEmpty')))
    await downloadWorkbook(`language_${code}.xlsx`, [
      {
        name: code,
        header: [t(lf('languageKey')), t(lf('content'))],
        rows: rows.map((r) => [r.languageKey, r.content]),
      },
    ])
  }

  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontSize="sm">{t(lf('languages'))}</Text>
        <NativeSelect.Root size="sm" width="200px">
          <NativeSelect.Field
            value={code}
            onChange={(e) => {
              setCode(e.target.value)
              setDrafts({})
            }}
            data-testid="language-code"
          >
            {types.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {code && (
        <CrudScreen<LanguageEntry>
          key={code}
          testId="language-page"
          title="menu.system.language"
          entity="adminConsole.entity.language"
          api={{ ...entryApi, add: (body) => entryApi.add({ ...body, languageCode: code }) }}
          idKey="id"
          permission="system:sysLanguage"
          fixed={{ languageCode: code }}
          toolbar={(l) => {
            list.current = l
            return (
              <>
                {can('system:sysLanguage:edit') && (
                  <Button
                    size="sm"
                    colorPalette="green"
                    loading={busy}
                    onClick={() => void publish()}
                    data-testid="language-publish"
                  >
                    {t(lf('publish'))} {Object.keys(drafts).length > 0 && `(${Object.keys(drafts).length})`}
                  </Button>
                )}
                {can('system:sysLanguage:add') && (
                  <>
                    <Button size="sm" variant="outline" onClick={() => file.current?.click()}>
                      {t(lf('import'))}
                    </Button>
                    <input
                      ref={file}
                      type="file"
                      hidden
                      accept=".xls,.xlsx"
                      data-testid="language-import"
                      onChange={(e) => void importFile(e.target.files?.[0])}
                    />
                  </>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void exportFile()}
                  data-testid="language-export"
                >
                  {t(lf('export'))}
                </Button>
              </>
            )
          }}
          columns={[
            { key: 'languageKey', header: lf('languageKey'), width: '30%' },
            {
              key: 'content',
              header: lf('content'),
              render: (e) => (
                <Input
                  size="xs"
                  data-testid="language-content"
                  readOnly={!can('system:sysLanguage:edit')}
                  value={drafts[e.languageKey] ?? e.content}
                  onChange={(ev) => setDrafts((d) => ({ ...d, [e.languageKey]: ev.target.value }))}
                />
              ),
            },
            {
              key: 'builtIn',
              header: lf('builtIn'),
              render: (e) => (
                <Text fontSize="xs" color="fg.muted">
                  {builtIn?.[e.languageKey] ?? ''}
                </Text>
              ),
            },
          ]}
          search={[{ name: 'languageKey', label: lf('languageKey'), kind: 'text' }]}
          fields={[
            { name: 'languageKey', label: lf('languageKey'), kind: 'text', required: true, maxLength: 200 },
            { name: 'content', label: lf('content'), kind: 'textarea', required: true, maxLength: 2000 },
          ]}
          nameOf={(e) => e.languageKey}
        />
      )}
    </Flex>
  )
}
