import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** A thin bar while a navigation waits for its loader; delayed so quick loads do not flash. */
export function RouteProgress() {
  const loading = useRouterState({ select: (s) => s.isLoading })
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!loading) return setVisible(false)
    const timer = setTimeout(() => setVisible(true), 150)
    return () => clearTimeout(timer)
  }, [loading])
  if (!visible) return null
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden" role="progressbar" aria-label="Loading page">
      <div className="h-full w-1/3 animate-[progress-slide_1s_ease-in-out_infinite] bg-ring" />
    </div>
  )
}
