/**
 * Calls back in the task after the browser's next frame has been drawn: a frame's own callbacks
 * (requestAnimationFrame) run before it is drawn, a zero timeout set from one runs once it has been.
 * Where there are no frames (a test environment without requestAnimationFrame), in the next task.
 * `delayMs`: that long after the frame instead. Returns a function that cancels the call.
 */
export function afterNextPaint(callback: () => void, view?: Window, delayMs = 0): () => void {
  // The browser's timers (numbers), also where Node's are declared beside them.
  const host: Window = view ?? (globalThis as unknown as Window)
  let frame: number | undefined
  let timer: number | undefined
  const later = () => {
    timer = host.setTimeout(callback, delayMs)
  }
  if (typeof host.requestAnimationFrame === 'function') frame = host.requestAnimationFrame(later)
  else later()
  return () => {
    if (frame !== undefined) host.cancelAnimationFrame(frame)
    if (timer !== undefined) host.clearTimeout(timer)
  }
}
