// Live-channel publishers: an MQTT client for a central broker (MQTT_URL), or nothing until a host attaches one.
import type { Logger } from 'pino'
import type { Publisher } from '../contract.ts'

export const silentPublisher: Publisher = {
  publish: async () => {},
  close: async () => {},
}

export async function connectMqttPublisher(url: string, log: Logger): Promise<Publisher> {
  // Only a server that names a broker loads the MQTT client (a desk bridge runs its own broker).
  const { default: mqtt } = await import('mqtt')
  const client = mqtt.connect(url, {
    clientId: `pms-server-${process.pid}-${Date.now()}`,
    reconnectPeriod: 2000,
  })
  client.on('error', (err) => log.warn({ err: err.message }, 'mqtt publisher error'))
  await new Promise<void>((resolve) => {
    // Do not block start-up on the broker: publish calls queue until it connects.
    const timer = setTimeout(resolve, 3000)
    client.once('connect', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return {
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        client.publish(topic, JSON.stringify(payload), { qos: 2 }, (err) => (err ? reject(err) : resolve())),
      ),
    close: () => new Promise((resolve) => client.end(false, {}, () => resolve())),
  }
}
