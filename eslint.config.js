import tseslint from 'typescript-eslint'

const otherServices = (self) =>
  ['command-api', 'projector', 'query-api', 'standalone']
    .filter((s) => s !== self)
    .flatMap((s) => [`@crm/${s}`, `@crm/${s}/*`, `**/services/${s}/**`, `../${s}/*`, `../../${s}/**`])

/** Import boundaries of docs/architecture.md: services never import each other; web never imports platform or services. */
const boundary = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
})

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
  boundary(
    ['web/**'],
    [
      '@crm/platform',
      '@crm/platform/*',
      '@crm/command-api',
      '@crm/projector',
      '@crm/query-api',
      '@crm/standalone',
      '**/platform/**',
      '**/services/**',
    ],
    'The web app imports contracts only.',
  ),
  boundary(
    ['contracts/**', 'platform/**'],
    ['@crm/command-api', '@crm/projector', '@crm/query-api', '@crm/standalone', '**/services/**'],
    'Shared code does not depend on services.',
  ),
)
