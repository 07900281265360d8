/**
 * The walls between the feature folders of the services and of contracts (docs/decisions/050-service-walls.md),
 * as data for eslint.config.js, as tools/web-walls.js is for the web app.
 *
 * Each part has
 * - `features`: which feature folders each feature folder may import. The table is checked for cycles, for names
 *   that are not folders and for folders it misses when the lint config loads, so no cycle between features can be
 *   written without the lint failing, and a new folder must say what it builds on;
 * - `shared`: the folders below every feature (command handling, the projector's runtime, contracts' common
 *   pieces). Every feature may import them; they import no feature;
 * - `workflows`: the folder of the flows that span aggregates (a task completion that marks a referral, ...). It
 *   may import every feature; no feature imports it;
 * - `testSupport`: the test fixtures (`testing/`), which may import anything and which only tests import.
 * Files at the root of a part (app.ts, server.ts, index.ts) compose it and are not walled. Tests (`*.spec.ts`)
 * exercise features together and are not walled either, except that product code never imports them.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findCycle } from './web-walls.js'

export { findCycle }

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The walls of each part, from the folders' own imports: a feature lists only features below it. */
export const serviceWalls = {
  'command-api': {
    dir: 'services/command-api/src',
    shared: ['attachments', 'command-handling', 'scheduling'],
    workflows: 'workflows',
    testSupport: ['testing'],
    features: {
      activities: ['contacts', 'tasks'],
      auth: ['users'],
      calls: ['activities', 'contacts', 'ringcentral', 'tasks', 'users'],
      contacts: [],
      'credit-applications': ['auth', 'contacts', 'users'],
      dealers: ['contacts'],
      divisions: [],
      email: ['contacts', 'users'],
      expenses: ['contacts'],
      'filter-presets': [],
      'lead-import': [],
      loads: ['contacts', 'logistics'],
      logistics: ['contacts'],
      meetings: ['contacts'],
      notifications: ['contacts', 'tasks', 'users'],
      opportunities: ['contacts', 'referrals'],
      'read-models': [],
      referrals: ['contacts', 'notifications', 'tasks', 'users'],
      reminders: ['contacts', 'notifications', 'tasks'],
      ringcentral: [],
      'system-config': ['divisions'],
      tasks: ['contacts', 'users'],
      users: ['divisions'],
    },
  },
  'query-api': {
    dir: 'services/query-api/src',
    shared: ['common'],
    workflows: 'workflows',
    testSupport: ['testing'],
    features: {
      activities: ['contacts', 'users', 'visibility'],
      'activity-timeline': ['contacts'],
      'advanced-search': ['contact-lists'],
      attachments: ['contacts'],
      audit: [
        'contacts',
        'credit-applications',
        'email',
        'expenses',
        'loads',
        'opportunities',
        'referrals',
        'tasks',
        'users',
        'visibility',
      ],
      calendar: ['tasks'],
      calls: ['contact-lists', 'contacts'],
      changes: [],
      'contact-export': ['contact-lists'],
      'contact-lifecycle': ['activities', 'contacts', 'divisions', 'reports', 'visibility'],
      'contact-lists': ['visibility'],
      contacts: ['contact-export', 'contact-lists', 'global-search', 'visibility'],
      'credit-applications': ['contacts', 'visibility'],
      dealers: ['contact-lists', 'contacts', 'visibility'],
      divisions: [],
      email: ['contact-lists', 'contacts', 'visibility'],
      epic: ['contacts'],
      'event-export': [],
      expenses: ['visibility'],
      'file-decoder': ['attachments', 'contacts', 'credit-applications', 'expenses'],
      'filter-presets': [],
      'global-search': ['contact-lists'],
      health: [],
      jobs: [],
      loads: ['contacts', 'visibility'],
      logistics: ['contact-lists', 'contacts'],
      lookups: [],
      'mail-outbox': [],
      notifications: ['visibility'],
      opportunities: ['contacts', 'reports', 'visibility'],
      'read-your-writes': [],
      referrals: ['contacts', 'visibility'],
      reports: ['divisions', 'tasks', 'visibility'],
      'shared-notes': ['contacts'],
      'system-config': [],
      tasks: ['contacts', 'users', 'visibility'],
      'time-travel': ['contacts'],
      users: ['visibility'],
      visibility: [],
    },
  },
  projector: {
    dir: 'services/projector/src',
    /** The projector's features are its read models (read-models/<name>); runtime/ runs them all. */
    featuresDir: 'read-models',
    shared: ['runtime'],
    workflows: 'workflows',
    testSupport: ['testing'],
    features: {
      activities: [],
      'additional-contacts': [],
      'census-facts': [],
      comments: [],
      'contact-divisions': [],
      'contact-search': [],
      'contacts-list': [],
      'credit-applications': [],
      divisions: [],
      email: [],
      expenses: [],
      'filter-presets': [],
      'lead-imports': [],
      'lead-to-account': [],
      lessees: [],
      'logistics-loads': [],
      meetings: [],
      notifications: [],
      opportunities: [],
      'opportunity-dashboard': ['opportunities'],
      'personal-notes': [],
      'phone-calls': [],
      'phone-log': [],
      'red-flags': [],
      referrals: [],
      'report-sales-facts': [],
      'shared-notes': [],
      'status-history': [],
      'stream-history': [],
      'system-config': [],
      'task-reminders': [],
      tasks: [],
      users: [],
    },
  },
  standalone: {
    dir: 'services/standalone/src',
    shared: [],
    workflows: 'workflows',
    testSupport: ['testing'],
    /** Its folders hold the suites and the stacks they share (identity-stack.ts, ...), which import testing/. */
    testsInFeatures: true,
    features: {
      activities: [],
      audit: [],
      backup: [],
      calls: [],
      'contact-lifecycle': [],
      'contact-lists': [],
      'credit-applications': ['identity'],
      dealers: [],
      email: [],
      'event-export': [],
      expenses: [],
      'global-search': [],
      identity: ['seed'],
      logistics: [],
      openapi: [],
      opportunities: [],
      referrals: [],
      reports: [],
      security: [],
      seed: [],
      tasks: [],
      'time-travel': [],
      upgrade: ['backup', 'seed'],
    },
  },
  contracts: {
    dir: 'contracts/src',
    shared: ['common', 'constants'],
    workflows: 'workflows',
    testSupport: [],
    features: {
      activities: [],
      attachments: [],
      audit: [],
      auth: [],
      calls: ['tasks'],
      'contact-lists': [],
      contacts: ['activities', 'auth', 'shared-notes'],
      'credit-applications': [],
      dealers: ['contact-lists', 'contacts'],
      divisions: [],
      email: ['auth', 'contact-lists'],
      'event-export': [],
      expenses: [],
      'filter-presets': ['contact-lists'],
      'lead-import': ['contacts'],
      logistics: ['contacts'],
      meetings: ['tasks'],
      notifications: [],
      opportunities: [],
      'read-models': [],
      referrals: ['tasks'],
      reports: ['activities', 'users'],
      'shared-notes': ['activities', 'tasks'],
      'system-config': [],
      tasks: [],
      'time-travel': [],
      users: ['auth'],
    },
  },
}

/** The folders of a part that its table must cover: feature folders, shared folders, workflows, test support. */
export function partFolders(part) {
  const list = (dir) => {
    try {
      return readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    } catch {
      return []
    }
  }
  const top = list(part.dir)
  if (!part.featuresDir) return top
  return [...top.filter((name) => name !== part.featuresDir), ...list(`${part.dir}/${part.featuresDir}`)]
}

/** Throws when a part's table has a cycle, names a folder that does not exist, or misses one that does. */
export function checkServiceWalls(name, part, folders = partFolders(part)) {
  const where = `tools/service-walls.js (${name})`
  const cycle = findCycle(part.features)
  if (cycle) throw new Error(`Features of ${name} depend on each other in a cycle: ${cycle} (${where})`)
  const declared = Object.keys(part.features)
  const named = [...declared, ...Object.values(part.features).flat(), ...part.shared, ...part.testSupport]
  const unknown = named.filter((f) => !folders.includes(f))
  if (unknown.length) throw new Error(`${where} names folders that do not exist: ${unknown.join(', ')}`)
  const kinds = [...declared, ...part.shared, ...part.testSupport, part.workflows]
  const undeclared = folders.filter((f) => !kinds.includes(f))
  if (undeclared.length) throw new Error(`Declare the dependencies of ${undeclared.join(', ')} in ${where}`)
  const sharedFeature = part.shared.filter((f) => declared.includes(f))
  if (sharedFeature.length) throw new Error(`${where}: ${sharedFeature.join(', ')} is both shared and a feature`)
}

/** The folder of a file of the part (a feature, shared folder, workflows, test support), or null at its root. */
export function folderOf(part, absoluteFile) {
  const relative = path.relative(path.join(repoRoot, part.dir), absoluteFile)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const segments = relative.split(path.sep)
  if (part.featuresDir && segments[0] === part.featuresDir) return segments.length > 2 ? segments[1] : null
  return segments.length > 1 ? segments[0] : null
}

const isSpec = (file) => /\.spec\.tsx?$/.test(file)

/**
 * What is wrong with an import of `target` (an absolute path without extension) from `file` in `part`, or null.
 * Only imports between two folders of the same part are judged.
 */
export function wallViolation(name, part, file, target) {
  if (isSpec(target) && !isSpec(file)) return 'Product code never imports a test.'
  if (isSpec(file)) return null
  const from = folderOf(part, file)
  const to = folderOf(part, target)
  if (!from || !to || from === to) return null
  if (part.testSupport.includes(from)) return null
  const where = `tools/service-walls.js, docs/decisions/050-service-walls.md`
  if (part.testSupport.includes(to)) {
    return part.testsInFeatures ? null : `${to}/ holds test fixtures; only tests import it (${where}).`
  }
  if (from === part.workflows) return null
  if (to === part.workflows) {
    return `Features of ${name} do not import ${part.workflows}/: the flow that needs this belongs there (${where}).`
  }
  if (part.shared.includes(to)) return null
  if (part.shared.includes(from)) {
    return `${from}/ is shared by every feature of ${name} and imports none; move what it needs down into a shared folder (${where}).`
  }
  const allowed = part.features[from] ?? []
  if (allowed.includes(to)) return null
  const listed = allowed.length ? `may import only ${allowed.join(', ')}` : 'imports no other feature'
  return (
    `The ${from} feature of ${name} ${listed}, not ${to} (${where}): a flow across features goes to ` +
    `${part.workflows}/, a piece several features use goes down into ${part.shared.join(' or ') || 'a shared folder'}.`
  )
}

/** The part a file belongs to, or null. */
export function partOf(absoluteFile) {
  for (const [name, part] of Object.entries(serviceWalls)) {
    const root = path.join(repoRoot, part.dir) + path.sep
    if (absoluteFile.startsWith(root)) return [name, part]
  }
  return null
}

/** The eslint rule: every relative import, export-from and import() of a walled file goes through wallViolation. */
export const serviceWallsRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'The walls between feature folders of a service' } },
  create(context) {
    const file = context.filename
    const owner = partOf(file)
    if (!owner) return {}
    const [name, part] = owner
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const message = wallViolation(name, part, file, path.resolve(path.dirname(file), source))
      if (message) context.report({ node, message })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}

/** The walls of every part, after checking their tables (called when eslint.config.js loads). */
export function checkedServiceWalls() {
  for (const [name, part] of Object.entries(serviceWalls)) checkServiceWalls(name, part)
  return serviceWalls
}
