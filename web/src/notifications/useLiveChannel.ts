// The live channel (SPEC §4, §7): MQTT over websocket on the same host, QoS 2, for user types other than 1.
import { topics } from '@pms/protocol'
import mqtt from 'mqtt'
import { useEffect } from 'react'
import { feedback } from '../api/feedback.ts'
import { t } from '../i18n/t.ts'
import { isForeignSwitch, tokenHash } from '../properties/current.ts'
import { refreshBusinessDate, useSession } from '../session/store.ts'
import { getToken } from '../session/token.ts'
import { publishRecord, publishResume, publishRoomsChanged, refreshUnread } from './pushStore.ts'
import { closesBusinessDay, recordToast } from './recordTypes.ts'

/**
 * The live channel's state on <html data-live-channel>: `connecting` until the broker has granted the
 * subscriptions, then `subscribed` (from then on no push record is missed), back to `connecting` while it reconnects.
 * Subscribed again after a break, the console reads again what the missed records would have changed (`publishResume`).
 * Browser tests wait for `subscribed` instead of guessing how long a connection takes.
 */
function showLiveState(state: 'connecting' | 'subscribed' | null): void {
  if (state) document.documentElement.dataset.liveChannel = state
  else delete document.documentElement.dataset.liveChannel
}

export function liveChannelUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/mqtt`
}

export function useLiveChannel(): void {
  const { info, propertyId, status } = useSession()
  const userId = info?.user.userId
  const userName = info?.user.userName
  const registered = info?.user.userType === 2

  useEffect(() => {
    const token = getToken()
    if (status !== 'ready' || !registered || !userId || !userName || !token) return
    void refreshUnread()
    const changeTopic = topics.propertyChange(userId)
    const recordTopic = propertyId ? topics.pushRecord(propertyId) : null
    const chartTopic = propertyId ? topics.roomChart(propertyId) : null
    const ownHash = tokenHash(token)
    const client = mqtt.connect(liveChannelUrl(), {
      username: userName,
      password: token,
      clientId: `pms_web_${userId}_${Math.random().toString(16).slice(2, 10)}`,
      clean: true,
      reconnectPeriod: 5000,
      connectTimeout: 10_000,
    })
    let active = true
    /** Subscribed once already: a later subscription follows a break, during which records may have been missed. */
    let subscribedBefore = false
    showLiveState('connecting')
    client.on('connect', () => {
      client.subscribe(
        recordTopic && chartTopic ? [changeTopic, recordTopic, chartTopic] : [changeTopic],
        { qos: 2 },
        (error, granted) => {
          // SUBACK 128 is a refused topic: the channel is not complete, so it does not claim to be.
          const all = !error && granted?.every((g) => g.qos !== 128)
          if (!active || !all || !client.connected) return
          showLiveState('subscribed')
          // After a break the day may have closed meanwhile (a night audit's record missed): read it again too.
          if (subscribedBefore) {
            publishResume()
            void refreshBusinessDate()
          }
          subscribedBefore = true
        },
      )
    })
    client.on('close', () => {
      if (active) showLiveState('connecting')
    })
    client.on('message', async (topic, payload) => {
      let message: Record<string, unknown> = {}
      try {
        message = JSON.parse(payload.toString())
      } catch {
        return
      }
      if (topic === changeTopic) {
        if (isForeignSwitch(String(message.tokenHash ?? ''), await ownHash)) {
          feedback.toast('info', t('console.property.changedElsewhere'))
          location.reload()
        }
      } else if (topic === chartTopic) {
        publishRoomsChanged()
      } else if (topic === recordTopic) {
        // A desk left open overnight moves to the new business date when the night audit closes the old one.
        if (closesBusinessDay(message)) await refreshBusinessDate()
        publishRecord(message)
        const toast = recordToast(message, t)
        if (toast) feedback.notify('info', t('console.event.newRecord', [toast.title]), toast.body)
      }
    })
    client.on('error', (error) => console.error('live channel', error.message))
    return () => {
      active = false
      client.end(true)
      showLiveState(null)
    }
  }, [status, registered, userId, userName, propertyId])
}
