import { useEffect, useState, type ComponentType } from 'react'
import { whenIdleInTurn } from '@/lib/when-idle'
import type * as ToasterViewModule from './toaster-view'

/**
 * Toasts for the whole app. The toast machinery (about 17 KiB gzipped) is not needed to paint the first
 * page, so this module is a small facade: `notify()` and `toaster` work at once and the real toaster
 * (`./toaster-view`) is fetched when the browser is idle or on the first toast, whichever comes first.
 * Chakra's runtime, which the toasts are drawn with, comes with the first toast: loading it while idle
 * would put its start-up work (building the design system) in the page's first seconds.
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
/** The view inside a Chakra scope, once a toast has been asked for. */
let shown: ComponentType | undefined
let loading: Promise<View> | undefined
let showing: Promise<View> | undefined
const mountListeners = new Set<() => void>()
let counter = 0

/** The toast code alone (the store and the view), fetched ahead. */
function loadView(): Promise<View> {
  loading ??= import('./toaster-view').then(
    (module) => (view = module),
    (error: unknown) => {
      // Offline before the code was kept: the next toast tries again.
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The view and Chakra's runtime, mounted by `Toaster`. */
function show(): Promise<View> {
  showing ??= Promise.all([loadView(), import('./ui/chakra-scope')]).then(
    ([module, { withChakra }]) => {
      shown = withChakra(module.ToasterView)
      for (const listener of mountListeners) listener()
      return module
    },
    (error: unknown) => {
      showing = undefined
      throw error
    },
  )
  return showing
}

function withView(action: (module: View) => void) {
  if (view && shown) action(view)
  else void show().then(action)
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
  const [View, setView] = useState<ComponentType | undefined>(() => shown)
  useEffect(() => {
    const mount = () => setView(() => shown)
    mountListeners.add(mount)
    if (shown) mount()
    const cancel = view ? undefined : whenIdleInTurn(() => loadView().catch(() => {}), 4000)
    return () => {
      mountListeners.delete(mount)
      cancel?.()
    }
  }, [])
  return View ? <View /> : null
}
