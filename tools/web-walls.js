/**
 * The walls of the web app (docs/decisions/014-web-structure.md), as data for eslint.config.js.
 *
 * - web/src/components, web/src/lib and web/src/routes never import a feature.
 * - A feature imports another feature only through that feature's index.ts, and only a feature listed for it in
 *   `featureDependencies`. The list is checked for cycles when the lint config loads, so no cycle between
 *   features can be written without the lint failing.
 * - router.ts reaches into a feature only for its route files (`*-route.ts`, `*-routes.ts`).
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Which features each feature may import (through their index.ts). Everything else they share lives in lib/ or components/. */
export const featureDependencies = {
  activities: [],
  admin: ['auth'],
  'advanced-search': [],
  auth: [],
  calendar: ['tasks'],
  calls: ['email'],
  'contact-export': [],
  'contact-lifecycle': ['activities'],
  'contact-lists': [
    'advanced-search',
    'calls',
    'contact-export',
    'contact-lifecycle',
    'contacts',
    'email',
    'lead-import',
  ],
  contacts: [
    'calls',
    'contact-lifecycle',
    'email',
    'opportunities',
    'referrals',
    'shared-notes',
    'tasks',
    'time-travel',
  ],
  'credit-applications': [],
  dashboard: ['calendar', 'calls', 'tasks'],
  dealers: ['contact-lifecycle', 'contacts'],
  email: ['advanced-search'],
  expenses: [],
  'file-viewer': [],
  'global-search': [],
  'lead-import': [],
  live: [],
  logistics: ['contact-lifecycle', 'contacts', 'shared-notes', 'tasks'],
  notifications: [],
  opportunities: [],
  profile: ['calls'],
  referrals: [],
  reports: [],
  'shared-notes': ['activities'],
  shell: [
    'admin',
    'auth',
    'calls',
    'contacts',
    'contact-lists',
    'credit-applications',
    'global-search',
    'live',
    'logistics',
    'notifications',
    'reports',
    'status-audit',
  ],
  'status-audit': [],
  tasks: ['calls', 'email'],
  'time-travel': [],
}

/** The first cycle in a dependency table, as a path (`a → b → a`), or null. */
export function findCycle(dependencies) {
  const state = new Map()
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node].join(' → ')
    state.set(node, 'open')
    for (const next of dependencies[node] ?? []) {
      const cycle = visit(next, [...trail, node])
      if (cycle) return cycle
    }
    state.set(node, 'done')
    return null
  }
  for (const node of Object.keys(dependencies)) {
    const cycle = visit(node, [])
    if (cycle) return cycle
  }
  return null
}

/** Throws when the table has a cycle, names a feature that does not exist, or misses one that does. */
export function checkFeatureDependencies(dependencies, featureFolders) {
  const cycle = findCycle(dependencies)
  if (cycle) throw new Error(`Web features depend on each other in a cycle: ${cycle} (tools/web-walls.js)`)
  const declared = Object.keys(dependencies)
  const unknown = [...declared, ...Object.values(dependencies).flat()].filter((f) => !featureFolders.includes(f))
  if (unknown.length) throw new Error(`tools/web-walls.js names features that do not exist: ${unknown.join(', ')}`)
  const undeclared = featureFolders.filter((f) => !declared.includes(f))
  if (undeclared.length) throw new Error(`Declare the dependencies of ${undeclared.join(', ')} in tools/web-walls.js`)
}

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/src/features')
const featureFolders = () =>
  readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

const alternatives = (names) => names.join('|')

/** no-restricted-imports patterns of the files of one feature. */
export function featurePatterns(feature, dependencies = featureDependencies) {
  const allowed = dependencies[feature] ?? []
  return [
    {
      regex: '^\\.\\./[a-z-]+/',
      message: 'Import another feature through its index.ts, not its files (docs/decisions/014-web-structure.md).',
    },
    {
      regex: '(^|/)features(/|$)',
      message: 'Import a sibling feature as ../<feature> (docs/decisions/014-web-structure.md).',
    },
    {
      regex: allowed.length ? `^\\.\\./(?!(${alternatives(allowed)})$)[a-z-]+$` : '^\\.\\./[a-z-]+$',
      message: allowed.length
        ? `The ${feature} feature may import only ${allowed.join(', ')} (tools/web-walls.js); move what it shares to lib/ or components/.`
        : `The ${feature} feature imports no other feature (tools/web-walls.js); move what it shares to lib/ or components/.`,
    },
  ]
}

/** Patterns of components/, lib/ and routes/: the shared layers below every feature. */
export const sharedLayerPatterns = [
  {
    regex: '(^|/)features(/|$)',
    message:
      'components/, lib/ and routes/ are shared by every feature and import none (docs/decisions/014-web-structure.md).',
  },
]

/** Patterns of router.ts: a feature's route files are its public surface for the router. */
export const routerPatterns = [
  {
    regex: '^\\./features/[a-z-]+/(?![a-z-]+-routes?$)',
    message: 'router.ts imports a feature only through its route file (*-route.ts or *-routes.ts).',
  },
]

/** The feature folders, after checking that the dependency table covers them and has no cycle. */
export function checkedFeatures() {
  const folders = featureFolders()
  checkFeatureDependencies(featureDependencies, folders)
  return folders
}
