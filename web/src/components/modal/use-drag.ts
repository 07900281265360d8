import { useCallback, useRef, useState, type PointerEvent } from 'react'

export type Offset = { x: number; y: number }
type Rect = { left: number; top: number; width: number }

/** Keeps enough of the title bar on screen to grab it again. */
export function clampOffset(
  start: Offset,
  rect: Rect,
  dx: number,
  dy: number,
  viewport: { width: number; height: number },
): Offset {
  const keep = 120
  const left = Math.min(Math.max(rect.left + dx, keep - rect.width), viewport.width - keep)
  const top = Math.min(Math.max(rect.top + dy, 0), viewport.height - 40)
  return { x: start.x + (left - rect.left), y: start.y + (top - rect.top) }
}

/** Drag a window by its title bar. Double-click puts it back in the middle. */
export function useDrag() {
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 })
  const drag = useRef<{ px: number; py: number; start: Offset; rect: Rect } | null>(null)

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      // Buttons in the title bar (minimize, close) are clicks, not drags.
      if (e.button !== 0 || (e.target as Element).closest('button')) return
      const windowEl = e.currentTarget.closest<HTMLElement>('[role="dialog"]')
      if (!windowEl) return
      e.currentTarget.setPointerCapture(e.pointerId)
      drag.current = { px: e.clientX, py: e.clientY, start: offset, rect: windowEl.getBoundingClientRect() }
    },
    [offset],
  )

  const onPointerMove = useCallback((e: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d) return
    const viewport = { width: window.innerWidth, height: window.innerHeight }
    setOffset(clampOffset(d.start, d.rect, e.clientX - d.px, e.clientY - d.py, viewport))
  }, [])

  const onPointerUp = useCallback(() => {
    drag.current = null
  }, [])

  const onDoubleClick = useCallback(() => setOffset({ x: 0, y: 0 }), [])

  return {
    offset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onDoubleClick },
  }
}
