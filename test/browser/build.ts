// vitest global setup of the browser project: builds the console (web/dist, or PMS_WEB_DIST) once, before the test
// files run in parallel and would race to build it, while this run's database template is seeded (the build is a
// child process, the PGlite seed runs here: side by side they take the longer of the two, not the sum).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import templates from '../support/global-templates.ts'

function buildConsole(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root, stdio: 'inherit' })
    build.on('error', reject)
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('building the console (web/dist) failed')),
    )
  })
}

export default async function setup(project: TestProject) {
  const seeded = templates(project)
  try {
    await buildConsole()
  } catch (error) {
    // The template is released before the failure is reported (its teardown is only vitest's once setup returns).
    await seeded.then((release) => release()).catch(() => {})
    throw error
  }
  return await seeded
}
