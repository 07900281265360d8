import { describe, expect, it } from 'vitest'
import { clampOffset } from './use-drag'

describe('window dragging', () => {
  const viewport = { width: 1200, height: 800 }
  const rect = { left: 300, top: 60, width: 600 }

  it('follows the pointer inside the viewport', () => {
    expect(clampOffset({ x: 0, y: 0 }, rect, 50, 40, viewport)).toEqual({ x: 50, y: 40 })
  })

  it('never lets the title bar leave the top or the sides', () => {
    expect(clampOffset({ x: 0, y: 0 }, rect, 0, -500, viewport).y).toBe(-60)
    expect(clampOffset({ x: 0, y: 0 }, rect, 5000, 0, viewport).x).toBe(1200 - 120 - 300)
    expect(clampOffset({ x: 0, y: 0 }, rect, -5000, 0, viewport).x).toBe(120 - 600 - 300)
  })
})
