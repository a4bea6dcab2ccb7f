import { useSyncExternalStore } from 'react'
import {
  getStorageProblem,
  storageProblemMessage,
  subscribeStorageProblem,
} from '@/lib/storage/storage-problem'
import './storage-notice.css'

const serverProblem = () => null

/**
 * A standing note in the cart while this device cannot save it (the toast about it shows once and
 * goes; a shopper opening the cart later still needs to know).
 */
export function StorageNotice() {
  const problem = useSyncExternalStore(subscribeStorageProblem, getStorageProblem, serverProblem)
  if (!problem) return null
  const { title, description } = storageProblemMessage(problem)
  return (
    <p role="note" className="storage-notice">
      <strong>{title}.</strong> {description}
    </p>
  )
}
