import { useEffect, useState, type ComponentType } from 'react'
import { whenIdle } from '@/lib/when-idle'
import type * as ToasterViewModule from './toaster-view'

/**
 * Toasts for the whole app. The toast machinery (about 17 KiB gzipped) is not needed to paint the first
 * page, so this module is a small facade: `notify()` and `toaster` work at once and the real toaster
 * (`./toaster-view`) is fetched when the browser is idle or on the first toast, whichever comes first.
 */
export type NotifyType = 'success' | 'error' | 'info' | 'warning'

export interface NotifyOptions {
  title: string
  description?: string
  /** A "destructive" toast (a failure) is `error`. Defaults to `info`. */
  type?: NotifyType
  /** Overrides the default display time (`timings.toastMs`). */
  duration?: number
}

type View = typeof ToasterViewModule

let view: View | undefined
let loading: Promise<View> | undefined
const mountListeners = new Set<() => void>()
let counter = 0

function loadView(): Promise<View> {
  loading ??= import('./toaster-view').then((module) => {
    view = module
    for (const listener of mountListeners) listener()
    return module
  })
  return loading
}

function withView(action: (module: View) => void) {
  if (view) action(view)
  else void loadView().then(action)
}

/** A small handle on the toast store, usable before it has loaded. */
export const toaster = {
  create(options: NotifyOptions & { closable?: boolean }): string {
    const id = `toast-${++counter}`
    withView((module) => module.chakraToaster.create({ closable: true, ...options, id }))
    return id
  },
  dismiss(id?: string) {
    withView((module) => module.chakraToaster.dismiss(id))
  },
  remove(id?: string) {
    withView((module) => module.chakraToaster.remove(id))
  },
}

/** Shows a toast (default type `info`). Returns its id. */
export function notify({ title, description, type = 'info', duration }: NotifyOptions): string {
  // An explicit `duration: undefined` would replace the toaster's 4 s default with the toast machine's
  // own per-type default (2 s for success): pass it only when given.
  return toaster.create({ title, description, type, ...(duration ? { duration } : {}) })
}

/** Where toasts appear; render once, near the root. */
export function Toaster() {
  const [View, setView] = useState<ComponentType | undefined>(() => view?.ToasterView)
  useEffect(() => {
    const show = () => setView(() => view?.ToasterView)
    mountListeners.add(show)
    if (view) show()
    const cancel = view ? undefined : whenIdle(() => void loadView(), 4000)
    return () => {
      mountListeners.delete(show)
      cancel?.()
    }
  }, [])
  return View ? <View /> : null
}
