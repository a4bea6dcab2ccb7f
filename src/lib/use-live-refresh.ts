import type { RealtimeChannel, RealtimeChannelOptions } from '@supabase/supabase-js'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { getSupabase } from './supabase'

export interface LiveRefreshOptions {
  /** The channel's name; null switches live updates off (the fallback reads still run). */
  topic: string | null
  config?: RealtimeChannelOptions['config']
  /** Adds the channel's listeners; each calls `changed` when something the page shows may differ. */
  bind: (channel: RealtimeChannel, changed: () => void) => void
  /** Reads the truth again: one read, whatever the socket said. */
  onChange: () => void
  /** While the channel is not joined, read this often (ms). Default 20 s; 0 never. */
  fallbackMs?: number
  /** Runs each time the channel (re)joins: presence tracks itself here. */
  onJoined?: (channel: RealtimeChannel) => void
  /**
   * Whether the first join reads once too (default yes; see below). Off where that read is costly and a
   * change missed in those seconds is caught by other means.
   */
  catchUpOnFirstJoin?: boolean
}

/**
 * Keeps a page current over patchy data. Changes announced on the channel trigger one read (bursts are
 * coalesced). Each time the channel joins, the first time included, the page reads once to catch up:
 * the page's own first read comes before the join, often seconds before on a slow connection, and a
 * change made in between is announced to no one. The socket reconnects with supabase-js's back-off.
 * While there is no joined channel (blocked socket, offline, live updates off) it reads on a slow timer
 * and when the device comes back online, so the page is right without the socket, only later.
 */
export function useLiveRefresh({
  topic,
  config,
  bind,
  onChange,
  fallbackMs = 20_000,
  onJoined,
  catchUpOnFirstJoin = true,
}: LiveRefreshOptions): { live: boolean } {
  const [live, setLive] = useState(false)
  const liveRef = useRef(false)
  const read = useEffectEvent(() => onChange())
  const addListeners = useEffectEvent((channel: RealtimeChannel, changed: () => void) =>
    bind(channel, changed),
  )
  const joined = useEffectEvent((channel: RealtimeChannel) => onJoined?.(channel))
  const configKey = JSON.stringify(config ?? {})

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const changed = () => {
      clearTimeout(timer)
      timer = setTimeout(() => read(), 150)
    }
    const mark = (value: boolean) => {
      liveRef.current = value
      setLive(value)
    }
    let channel: RealtimeChannel | undefined
    let stopped = false
    let joinedBefore = false
    if (topic) {
      void getSupabase().then((client) => {
        if (stopped) return
        channel = client.channel(topic, { config: JSON.parse(configKey) as object })
        addListeners(channel, changed)
        channel.subscribe((status) => {
          if (stopped) return
          if (status === 'SUBSCRIBED') {
            mark(true)
            joined(channel!)
            if (joinedBefore || catchUpOnFirstJoin) changed()
            joinedBefore = true
          } else mark(false)
        })
      })
    }
    const poll =
      fallbackMs > 0 ? setInterval(() => !liveRef.current && read(), fallbackMs) : undefined
    const online = () => changed()
    window.addEventListener('online', online)
    return () => {
      stopped = true
      clearTimeout(timer)
      clearInterval(poll)
      window.removeEventListener('online', online)
      mark(false)
      if (channel) {
        const c = channel
        void getSupabase().then((client) => client.removeChannel(c))
      }
    }
  }, [topic, configKey, fallbackMs, catchUpOnFirstJoin])

  return { live }
}
