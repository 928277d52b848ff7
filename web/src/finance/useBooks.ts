// The chart, categories and accounts the finance screens pick from, loaded once per screen.
import type {
  AccountGroup,
  JournalCategory,
  Subject,
  SubjectCategory,
  SubjectCategoryDetail,
} from '@pms/protocol/api/finance'
import { useEffect, useState } from 'react'
import type { Option } from '../ui/crud/fields.ts'
import { listAll } from './api.ts'

export interface Books {
  subjects: Subject[]
  categories: (SubjectCategory & { details: SubjectCategoryDetail[] })[]
  accounts: AccountGroup[]
  journalCategories: JournalCategory[]
}

export function useBooks(reloadKey = 0): Books {
  const [books, setBooks] = useState<Books>({
    subjects: [],
    categories: [],
    accounts: [],
    journalCategories: [],
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for a fresh load.
  useEffect(() => {
    let live = true
    void Promise.all([
      listAll.subjects().catch(() => undefined),
      listAll.categories().catch(() => undefined),
      listAll.accounts().catch(() => undefined),
      listAll.journalCategories().catch(() => undefined),
    ]).then(([s, c, a, j]) => {
      if (!live) return
      setBooks({
        subjects: (s?.data ?? []).flatMap((g) => g.subjects),
        categories: c?.data ?? [],
        accounts: a?.data ?? [],
        journalCategories: j?.data ?? [],
      })
    })
    return () => {
      live = false
    }
  }, [reloadKey])
  return books
}

export const subjectLabel = (s: Subject) => `${s.subjectCode} ${s.subjectName}`

export function subjectOptions(subjects: readonly Subject[], leavesOnly = false): Option[] {
  return subjects
    .filter((s) => !leavesOnly || s.leaf)
    .sort((a, b) => a.subjectCode.localeCompare(b.subjectCode))
    .map((s) => ({ value: String(s.subjectId), label: subjectLabel(s), raw: true }))
}
