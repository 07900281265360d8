import { randomBytes } from 'node:crypto'

/**
 * Configuration every in-process test stack starts with. The read-your-writes wait is long here on purpose:
 * under a full CI run the projector can fall a few seconds behind, and past the production bound (2 s) the
 * query API answers stale data by design. These tests assert that a command is visible on the next read,
 * not how long the wait is bounded (min-position.int.spec covers the timeout).
 */
export const testEnv = {
  // Random per test process: no secret in the source is ever accepted.
  JWT_SECRET: randomBytes(24).toString('base64url'),
  CREDIT_DATA_KEY: randomBytes(32).toString('base64'),
  WEBSITE_INTAKE_KEY: randomBytes(24).toString('base64url'),
  CPS_INTAKE_KEY: randomBytes(24).toString('base64url'),
  CEF_INTAKE_KEY: randomBytes(24).toString('base64url'),
  CREDIT_FORM_MIN_SECONDS: '2',
  LOGIN_LIMIT_PER_IP: '10000',
  MIN_POSITION_WAIT_MS: '20000',
} as const
