import { defineConfig } from 'vitest/config'

/**
 * Crash tests (*.crash.spec.ts): each kills a child process with SIGKILL while it is in the middle of work and
 * starts it again. They run after the other suites, one file at a time, so that their timing (kill well into
 * the work, not after it) does not depend on what else the two cores are doing.
 */
export default defineConfig({
  test: {
    include: ['services/**/src/**/*.crash.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
})
