// The pms-bridge command as a user runs it: start, a second start on the same data folder, Ctrl-C, bad config, service unit.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, test } from 'vitest'
import { makeTempDir } from './testing.ts'

const checkout = fileURLToPath(new URL('../..', import.meta.url))
const launcher = join(checkout, 'bridge/bin/pms-bridge.mjs')
const temp = makeTempDir('pms-cli-')
afterAll(() => temp.remove())

/** Environment without anything that would change what the bridge opens. */
const cleanEnv = () => {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' }
  return env
}

function runCli(args: string[], env = cleanEnv()) {
  return spawnSync(process.execPath, [launcher, ...args], {
    cwd: temp.path,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
}

/** Starts the bridge and resolves with its URL once the banner is printed. */
function startBridge(dataDir: string): { child: ChildProcess; url: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, [launcher, 'start', '--port', '0', '--data-dir', dataDir], {
    cwd: temp.path,
    env: { ...cleanEnv(), PMS_LOG_LEVEL: 'warn' },
  })
  let output = ''
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /is running at (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk
    })
    child.once('exit', (code) => reject(new Error(`bridge exited with ${code} before listening:\n${output}`)))
  })
  return { child, url, output: () => output }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

test('start, a refused second start on the same data folder, then a clean Ctrl-C', async () => {
  const dataDir = join(temp.path, 'data')
  const first = startBridge(dataDir)
  try {
    const url = await first.url
    assert.match(first.output(), /admin {3}platform administrator/)
    assert.match(first.output(), /manager property administrator of both demo properties/)
    assert.match(first.output(), /clerk {3}front-desk clerk of the hotel/)
    const lock = readFileSync(join(dataDir, 'bridge.lock'), 'utf8').trim()
    assert.equal(lock, String(first.child.pid))

    const second = runCli(['start', '--port', '0', '--data-dir', dataDir])
    assert.equal(second.status, 1)
    assert.equal(
      second.stderr.trim(),
      `another pms-bridge (pid ${first.child.pid}) is using data folder ${dataDir}; stop it first`,
    )

    const health = await fetch(`${url}/bridge/health`)
    assert.equal(health.status, 200, 'the first bridge is unharmed')
    assert.equal(((await health.json()) as { data: { database: string } }).data.database, 'ok')

    first.child.kill('SIGINT')
    assert.equal(await exitOf(first.child), 0, first.output())
    assert.match(first.output(), /pms-bridge stopped/)
    assert.equal(existsSync(join(dataDir, 'bridge.lock')), false, 'the lock is released')
  } finally {
    first.child.kill('SIGKILL')
  }
})

test('an invalid config exits 2 with one line naming the field, no stack trace', () => {
  const dataDir = join(temp.path, 'bad-config')
  const result = runCli(['start', '--port', 'eighty', '--data-dir', dataDir])
  assert.equal(result.status, 2)
  assert.equal(result.stderr.trim(), 'Invalid configuration: --port must be a whole number from 0 to 65535')

  const fileDir = join(temp.path, 'bad-file')
  mkdirSync(fileDir)
  writeFileSync(join(fileDir, 'bridge.json'), JSON.stringify({ upstream: 'central-server' }))
  const fromFile = runCli(['--data-dir', fileDir])
  assert.equal(fromFile.status, 2)
  assert.match(fromFile.stderr.trim(), /^Invalid configuration: .*bridge\.json: upstream must be a URL/)
  assert.doesNotMatch(fromFile.stderr, /\n\s+at /)
  assert.equal(existsSync(join(fileDir, 'bridge.lock')), false)
})

test('a Chinese locale gets Chinese messages', () => {
  const result = runCli(['--port', 'abc'], { ...cleanEnv(), LANG: 'zh_CN.UTF-8' })
  assert.equal(result.status, 2)
  assert.equal(result.stderr.trim(), '配置无效：--port 必须是 0 到 65535 之间的整数')
})

test('unknown options and commands exit 2; --help and --version answer', () => {
  const unknownOption = runCli(['--prot', '1'])
  assert.equal(unknownOption.status, 2)
  assert.match(unknownOption.stderr, /Unknown option '--prot'.*pms-bridge --help/)
  const unknownCommand = runCli(['serve'])
  assert.equal(unknownCommand.status, 2)
  assert.match(unknownCommand.stderr, /Unknown command: serve/)
  const help = runCli(['--help'])
  assert.equal(help.status, 0)
  assert.match(help.stdout, /pms-bridge service install/)
  assert.match(help.stdout, /--data-dir <path>/)
  assert.equal(runCli(['--version']).stdout.trim(), '0.1.0')
})

test('service install --print prints a systemd unit running this checkout', () => {
  const dataDir = join(temp.path, 'service data')
  const result = runCli([
    'service',
    'install',
    '--print',
    '--port',
    '4790',
    '--data-dir',
    dataDir,
    '--no-simulate',
  ])
  assert.equal(result.status, 0, result.stderr)
  const unit = result.stdout
  assert.match(unit, /^\[Unit\]\n/)
  assert.match(unit, new RegExp(`^WorkingDirectory=${checkout.replace(/\/$/, '')}$`, 'm'))
  assert.match(
    unit,
    new RegExp(
      `^ExecStart=${process.execPath} ${launcher} start --host 127\\.0\\.0\\.1 --port 4790 --data-dir "${dataDir}" --no-simulate$`,
      'm',
    ),
  )
  assert.match(unit, /^Restart=on-failure$/m)
  assert.match(unit, /^WantedBy=multi-user\.target$/m)
  assert.equal(existsSync(dataDir), false, 'printing the unit touches nothing')
})
