// The order the run's files start in: the longest first, so that the two workers end together (the run lasts as long
// as its longest chain). vitest's own order takes the projects by name (api, api-postgres, bridge, browser, …) and,
// within one, the slowest of the last run first (its cache; the largest file first on a clean checkout). This keeps
// its order within a project and starts the projects whose files are whole products first: browser (a product and a
// Chromium per file, the longest files), devices, then the API suites; the unit projects' many short files come
// last and fill whichever worker ends first. It also puts the browser project's global setup (the console build, beside
// the PGlite template's seed) first, when the api and devices setups can reuse its template.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const FIRST = ['browser', 'devices', 'api-postgres', 'api']

const rank = (spec: TestSpecification) => {
  const i = FIRST.indexOf(spec.project.name)
  return i < 0 ? FIRST.length : i
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec)
  }
}
