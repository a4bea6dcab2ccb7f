import { useSyncExternalStore } from 'react'
import { getInstallState, subscribeInstall, type InstallState } from './install-prompt'
import {
  getServiceWorkerState,
  subscribeServiceWorker,
  type ServiceWorkerState,
} from './service-worker'

export function useServiceWorkerState(): ServiceWorkerState {
  return useSyncExternalStore(subscribeServiceWorker, getServiceWorkerState, getServiceWorkerState)
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribeInstall, getInstallState, getInstallState)
}
