import { useEffect, useState } from 'react'
import { isRecord } from '@/lib/storage/json-guards'
import { fetchPickupPoints } from './api/checkout-api'
import type { PickupPoint } from './checkout-types'

const CACHE_KEY = 'luxe.pickup-points'

function cachedPoints(): PickupPoint[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CACHE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (point): point is PickupPoint =>
        isRecord(point) &&
        ['id', 'name', 'county', 'town', 'address'].every((key) => typeof point[key] === 'string'),
    )
  } catch {
    return []
  }
}

/** The open pickup points; the last list seen is kept on the device so checkout works offline. */
export function usePickupPoints(online: boolean): { points: PickupPoint[]; loading: boolean } {
  const [points, setPoints] = useState<PickupPoint[]>(cachedPoints)
  const [answered, setAnswered] = useState(false)

  useEffect(() => {
    if (!online) return
    let live = true
    fetchPickupPoints().then(
      (fresh) => {
        if (!live) return
        setPoints(fresh)
        setAnswered(true)
        try {
          window.localStorage.setItem(CACHE_KEY, JSON.stringify(fresh))
        } catch {
          // the list is only a convenience offline
        }
      },
      () => live && setAnswered(true),
    )
    return () => {
      live = false
    }
  }, [online])

  return { points, loading: online && !answered && points.length === 0 }
}
