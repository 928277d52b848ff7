// Configuration: defaults, precedence (command line > environment > bridge.json > defaults), and messages naming the bad field.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, test } from 'vitest'
import { ConfigError, loadBridgeConfig, saveDevicePorts } from './config.ts'
import { makeTempDir } from './testing.ts'

const cwd = makeTempDir('pms-config-')
const dataDirs: { remove(): void }[] = [cwd]
afterAll(() => {
  for (const dir of dataDirs) dir.remove()
})

function withFile(settings: unknown): string {
  const dir = makeTempDir('pms-config-data-')
  dataDirs.push(dir)
  writeFileSync(
    join(dir.path, 'bridge.json'),
    typeof settings === 'string' ? settings : JSON.stringify(settings),
  )
  return dir.path
}

function refusal(load: () => unknown): ConfigError {
  try {
    load()
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${error}`)
    return error
  }
  assert.fail('expected the configuration to be refused')
}

test('defaults: 127.0.0.1:4780, ./data under the working folder, embedded demo', () => {
  const config = loadBridgeConfig({}, {}, cwd.path)
  assert.deepEqual(config, {
    port: 4780,
    host: '127.0.0.1',
    dataDir: join(cwd.path, 'data'),
    configFile: join(cwd.path, 'data', 'bridge.json'),
    upstream: undefined,
    upstreamMqtt: undefined,
    simulate: 'auto',
    allowedOrigins: [],
    logLevel: 'info',
    mqttPort: undefined,
    demo: true,
    devicePorts: [],
  })
})

test('the command line wins over the environment, which wins over bridge.json', () => {
  const dataDir = withFile({ port: 5000, host: '0.0.0.0', logLevel: 'warn', simulate: false })
  const env = { PMS_PORT: '5001', PMS_DATA_DIR: dataDir }
  assert.equal(loadBridgeConfig({}, env, cwd.path).port, 5001)
  assert.equal(loadBridgeConfig({ port: '5002' }, env, cwd.path).port, 5002)
  const fromFile = loadBridgeConfig({ dataDir }, {}, cwd.path)
  assert.equal(fromFile.port, 5000)
  assert.equal(fromFile.host, '0.0.0.0')
  assert.equal(fromFile.logLevel, 'warn')
  assert.equal(fromFile.simulate, false)
  assert.equal(loadBridgeConfig({ dataDir, simulate: true }, {}, cwd.path).simulate, true)
  assert.equal(loadBridgeConfig({}, { PMS_PORT: '' }, cwd.path).port, 4780, 'an empty variable says nothing')
})

test('bridge.json fields: upstream, upstreamMqtt, allowedOrigins, mqttPort, demo', () => {
  const dataDir = withFile({
    upstream: 'https://pms.example.com/',
    upstreamMqtt: 'wss://pms.example.com/mqtt',
    allowedOrigins: ['http://front-desk-2:4780'],
    mqttPort: 1884,
    demo: false,
  })
  const config = loadBridgeConfig({ dataDir }, {}, cwd.path)
  assert.equal(config.upstream, 'https://pms.example.com')
  assert.equal(config.upstreamMqtt, 'wss://pms.example.com/mqtt')
  assert.deepEqual(config.allowedOrigins, ['http://front-desk-2:4780'])
  assert.equal(config.mqttPort, 1884)
  assert.equal(config.demo, false)
})

test('--config names another file; a missing named file is an error, a missing default is not', () => {
  const dataDir = withFile({ port: 6000 })
  const other = join(dataDir, 'other.json')
  writeFileSync(other, JSON.stringify({ port: 6001 }))
  assert.equal(loadBridgeConfig({ config: other }, {}, cwd.path).port, 6001)
  const missing = refusal(() => loadBridgeConfig({ config: join(dataDir, 'nope.json') }, {}, cwd.path))
  assert.equal(missing.field, '--config')
  assert.match(missing.describe('en-US'), /cannot read config file .*nope\.json: ENOENT/)
})

test('each bad value is refused with a message naming the field', () => {
  const cases: [() => unknown, RegExp][] = [
    [
      () => loadBridgeConfig({ port: 'abc' }, {}, cwd.path),
      /^Invalid configuration: --port must be a whole number/,
    ],
    [() => loadBridgeConfig({}, { PMS_PORT: '70000' }, cwd.path), /^Invalid configuration: PMS_PORT must be/],
    [
      () => loadBridgeConfig({ upstream: 'ftp://x' }, {}, cwd.path),
      /--upstream must be a URL starting with http/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ port: '12a' }) }, {}, cwd.path),
      /bridge\.json: port must be/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ upstreamMqtt: 'http://x' }) }, {}, cwd.path),
      /upstreamMqtt must be a URL starting with ws/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ simulate: 'yes' }) }, {}, cwd.path),
      /bridge\.json: simulate must be true or false/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ allowedOrigins: ['http://a/b'] }) }, {}, cwd.path),
      /allowedOrigins\[0\] must be a list of origins/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ allowedOrigins: 'http://a' }) }, {}, cwd.path),
      /allowedOrigins must be a list/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ logLevel: 'loud' }) }, {}, cwd.path),
      /logLevel must be one of fatal, error/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile({ uptream: 'http://x' }) }, {}, cwd.path),
      /bridge\.json: uptream is not a known setting \(known: port, host, upstream/,
    ],
    [
      () => loadBridgeConfig({ dataDir: withFile('{ "port": ') }, {}, cwd.path),
      /bridge\.json is not valid JSON/,
    ],
    [() => loadBridgeConfig({ dataDir: withFile([1, 2]) }, {}, cwd.path), /must hold a JSON object/],
    [() => loadBridgeConfig({ host: ' ' }, {}, cwd.path), /--host must be a non-empty string/],
  ]
  for (const [load, message] of cases) assert.match(refusal(load).describe('en-US'), message)
})

test('the message is translated', () => {
  const error = refusal(() => loadBridgeConfig({ port: '-1' }, {}, cwd.path))
  assert.equal(error.describe('zh-CN'), '配置无效：--port 必须是 0 到 65535 之间的整数')
})

test('devicePorts: each port once, a known role and baud rate; saving replaces only them in the file', () => {
  const dataDir = withFile({
    port: 5000,
    devicePorts: [{ path: '/dev/ttyUSB0', role: 'reader', baudRate: 9600 }],
  })
  const config = loadBridgeConfig({ dataDir }, {}, cwd.path)
  assert.deepEqual(config.devicePorts, [{ path: '/dev/ttyUSB0', role: 'reader', baudRate: 9600 }])
  saveDevicePorts(config.configFile, [{ path: '/dev/ttyS1', role: 'encoder', baudRate: 115200 }])
  const again = loadBridgeConfig({ dataDir }, {}, cwd.path)
  assert.equal(again.port, 5000, 'the other fields stay')
  assert.deepEqual(again.devicePorts, [{ path: '/dev/ttyS1', role: 'encoder', baudRate: 115200 }])
  const bad = (devicePorts: unknown, field: string, message: RegExp) => {
    const dir = withFile({ devicePorts })
    assert.throws(
      () => loadBridgeConfig({ dataDir: dir }, {}, cwd.path),
      (e: unknown) => e instanceof ConfigError && e.field.endsWith(field) && message.test(e.message),
    )
  }
  bad({}, 'devicePorts', /list of/)
  bad(
    [{ path: '/etc/passwd', role: 'encoder', baudRate: 9600 }],
    'devicePorts[0].path',
    /serial port of this machine/,
  )
  bad([{ path: '/dev/a', role: 'printer', baudRate: 9600 }], 'devicePorts[0].role', /encoder, reader, off/)
  bad([{ path: '/dev/a', role: 'reader', baudRate: 1234 }], 'devicePorts[0].baudRate', /115200/)
  bad(
    [
      { path: '/dev/a', role: 'reader', baudRate: 9600 },
      { path: '/dev/a', role: 'encoder', baudRate: 9600 },
    ],
    'devicePorts[1].path',
    /twice/,
  )
})
