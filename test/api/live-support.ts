// The live channel from a test: subscribing as a console does, and waiting for the next message of a topic.
import mqtt from 'mqtt'
import type { TestProduct } from './harness.ts'

/** A console's connection to the product's embedded broker (MQTT over websocket), signed in with `token`. */
export function connectConsole(
  product: TestProduct,
  userName: string,
  token: string,
): Promise<mqtt.MqttClient> {
  return mqtt.connectAsync(`${product.baseUrl.replace('http', 'ws')}/mqtt`, {
    username: userName,
    password: token,
    reconnectPeriod: 0,
  })
}

/** The next message on `topic`; the deadline only turns a message that never comes into a clear failure. */
export function nextMessage(client: mqtt.MqttClient, topic: string, timeoutMs = 30_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no message on ${topic} within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== topic) return
      clearTimeout(timer)
      client.off('message', onMessage)
      resolve(JSON.parse(payload.toString()))
    }
    client.on('message', onMessage)
  })
}

/** Subscribes at QoS 2; resolves with the granted QoS (rejects when the broker refuses the topic). */
export function subscribe(client: mqtt.MqttClient, topic: string): Promise<number> {
  return new Promise((resolve, reject) =>
    client.subscribe(topic, { qos: 2 }, (err, granted) =>
      err ? reject(err) : resolve(granted?.[0]?.qos ?? -1),
    ),
  )
}
