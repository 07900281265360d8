import { usStates } from '@crm/contracts'
import { geoPath } from 'd3-geo'
import type { KeyboardEvent } from 'react'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import atlas from 'us-atlas/states-albers-10m.json'
import { shadeOf, shadeRanges } from './map-shades'

type StateCount = { stateId: number; code: string; name: string; count: number }

/** The atlas names DC by its full name; every other state reads as in the state lookup. */
const atlasNames: Record<string, string> = { 'District of Columbia': 'Washington DC' }
const lookupByName = new Map<string, number>(usStates.map((s) => [s.name, s.id]))

/** The states' outlines, already projected (Albers USA, 975 × 610) by us-atlas: drawn once per page load. */
const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>
const path = geoPath()
const shapes = feature(topology, topology.objects.states).features.flatMap((f) => {
  const stateId = lookupByName.get(atlasNames[f.properties.name] ?? f.properties.name)
  return stateId === undefined ? [] : [{ stateId, d: path(f) ?? '', centroid: path.centroid(f) }]
})

const countText = (n: number) => `${n} contact${n === 1 ? '' : 's'}`

/**
 * A choropleth of contacts per state. Every state is a button for the keyboard and screen readers ("Texas: 3
 * contacts", Enter or Space opens its contacts); DC also gets a dot, since its outline is a few pixels wide.
 */
export function UsMapChart({ states, onOpen }: { states: StateCount[]; onOpen: (state: StateCount) => void }) {
  const byId = new Map(states.map((s) => [s.stateId, s]))
  const max = Math.max(0, ...states.map((s) => s.count))
  const keyOpen = (state: StateCount) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onOpen(state)
  }
  const control = (state: StateCount) => ({
    role: 'button',
    tabIndex: 0,
    'aria-label': `${state.name}: ${countText(state.count)}`,
    onClick: () => onOpen(state),
    onKeyDown: keyOpen(state),
    className:
      'cursor-pointer outline-none hover:opacity-80 focus-visible:stroke-foreground focus-visible:[stroke-width:2.5]',
  })
  const dc = shapes.find((s) => s.stateId === 31)
  const dcState = byId.get(31)
  return (
    <svg viewBox="0 0 975 610" className="h-auto w-full" role="group" aria-label="Map of contacts per state">
      {shapes.map((shape) => {
        const state = byId.get(shape.stateId)
        if (!state) return null
        return (
          <path
            key={shape.stateId}
            d={shape.d}
            fill={shadeOf(state.count, max)}
            stroke="var(--color-surface)"
            strokeWidth={1}
            data-state={state.code}
            {...control(state)}
          >
            <title>{`${state.name}: ${countText(state.count)}`}</title>
          </path>
        )
      })}
      {dc && dcState && (
        <circle
          cx={dc.centroid[0] + 14}
          cy={dc.centroid[1] + 10}
          r={7}
          fill={shadeOf(dcState.count, max)}
          stroke="var(--color-foreground)"
          strokeWidth={1}
          {...control(dcState)}
          aria-label={`${dcState.name} (dot): ${countText(dcState.count)}`}
        >
          <title>{`${dcState.name}: ${countText(dcState.count)}`}</title>
        </circle>
      )}
    </svg>
  )
}

/** The legend of the shades: which counts each stands for. */
export function MapLegend({ max }: { max: number }) {
  const ranges = shadeRanges(max)
  if (ranges.length === 0) return null
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
      {ranges.map(({ shade, from, to }) => (
        <li key={shade} className="flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm" style={{ background: shade }} />
          {from === to ? from : `${from}–${to}`}
        </li>
      ))}
    </ul>
  )
}
