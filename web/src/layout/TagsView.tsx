// Visited-page tabs with a 105 px right-click menu: refresh, close, close others, close all (SPEC §2.3).
import { Box, Flex } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useT } from '../i18n/t.ts'
import { HOME_PATH } from '../router/table.ts'
import { TagMenu } from './TagMenu.tsx'
import { isActiveTag, type Tag, tagKey } from './tags.ts'
import { tagsStore, useTags } from './tagsStore.ts'

export function TagsView() {
  const t = useT()
  const tags = useTags()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const active = search ? `${path}?${search}` : path
  const [menu, setMenu] = useState<{ tag: Tag; x: number; y: number } | null>(null)

  useEffect(() => {
    if (!menu) return
    const close = () => setMenu(null)
    window.addEventListener('click', close)
    return () => window.removeEventListener('click', close)
  }, [menu])

  const go = (to: string | undefined) => to && navigate(to)

  return (
    <Flex
      h="34px"
      align="center"
      gap="1"
      px="2"
      borderBottomWidth="1px"
      overflowX="auto"
      data-testid="tags-view"
    >
      {tags.map((tag) => {
        const isActive = isActiveTag(tag, active)
        return (
          <Flex
            key={tagKey(tag.path)}
            align="center"
            gap="1"
            h="26px"
            px="2"
            fontSize="xs"
            borderWidth="1px"
            borderRadius="sm"
            flexShrink={0}
            bg={isActive ? 'colorPalette.solid' : 'bg'}
            color={isActive ? 'colorPalette.contrast' : undefined}
            data-testid="tag"
            data-path={tag.path}
            data-active={isActive}
            onContextMenu={(e) => {
              e.preventDefault()
              setMenu({ tag, x: e.clientX, y: e.clientY })
            }}
          >
            <Link href={tag.path}>{tag.detail ? `${t(tag.title)} · ${tag.detail}` : t(tag.title)}</Link>
            {!tag.affix && (
              <Box
                as="button"
                aria-label={t('console.tags.close')}
                data-testid="tag-close"
                lineHeight="1"
                onClick={() => go(tagsStore.close(tag.path, active, HOME_PATH))}
              >
                ×
              </Box>
            )}
          </Flex>
        )
      })}
      {menu && <TagMenu tag={menu.tag} x={menu.x} y={menu.y} active={active} onDone={() => setMenu(null)} />}
    </Flex>
  )
}
