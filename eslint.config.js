import tseslint from 'typescript-eslint'
import { checkedFeatures, featurePatterns, routerPatterns, sharedLayerPatterns } from './tools/web-walls.js'
import { checkedServiceWalls, serviceWallsRule } from './tools/service-walls.js'

const otherServices = (self) =>
  ['command-api', 'projector', 'query-api', 'standalone']
    .filter((s) => s !== self)
    .flatMap((s) => [`@crm/${s}`, `@crm/${s}/*`, `**/services/${s}/**`, `../${s}/*`, `../../${s}/**`])

/** Import boundaries of docs/architecture.md: services never import each other; web never imports platform or services. */
const boundary = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
})

const webOnlyContracts = {
  group: [
    '@crm/platform',
    '@crm/platform/*',
    '@crm/command-api',
    '@crm/projector',
    '@crm/query-api',
    '@crm/standalone',
    '**/platform/**',
    '**/services/**',
  ],
  message: 'The web app imports contracts only.',
}

/**
 * The web imports contracts only, and inside it the walls of docs/decisions/014-web-structure.md
 * (tools/web-walls.js). One rule entry per file set, since a later entry replaces an earlier one's patterns.
 */
const webWalls = () => {
  const restrict = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [webOnlyContracts, ...patterns] }] },
  })
  return [
    restrict(['web/**'], []),
    restrict(['web/src/components/**', 'web/src/lib/**', 'web/src/routes/**'], sharedLayerPatterns),
    restrict(['web/src/router.ts'], routerPatterns),
    ...checkedFeatures().map((feature) => restrict([`web/src/features/${feature}/**`], featurePatterns(feature))),
  ]
}

/**
 * The walls between the feature folders of the services and of contracts (tools/service-walls.js,
 * docs/decisions/050-service-walls.md): a local rule, since it judges an import by the folders of both ends. The
 * tables are checked (no cycle, every folder declared) when this config loads.
 */
const serviceWalls = () => {
  const parts = checkedServiceWalls()
  return {
    files: Object.values(parts).map((part) => `${part.dir}/**/*.ts`),
    plugins: { walls: { rules: { 'service-walls': serviceWallsRule } } },
    rules: { 'walls/service-walls': 'error' },
  }
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'web/src/routeTree.gen.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  boundary(['services/command-api/**'], otherServices('command-api'), 'Services never import each other.'),
  boundary(['services/projector/**'], otherServices('projector'), 'Services never import each other.'),
  boundary(['services/query-api/**'], otherServices('query-api'), 'Services never import each other.'),
  ...webWalls(),
  serviceWalls(),
  boundary(
    ['contracts/**', 'platform/**'],
    ['@crm/command-api', '@crm/projector', '@crm/query-api', '@crm/standalone', '**/services/**'],
    'Shared code does not depend on services.',
  ),
)
