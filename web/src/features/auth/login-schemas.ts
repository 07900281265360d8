/**
 * The zod schemas of logging in, loaded on first use rather than with the login screen, which then downloads
 * no zod (docs/decisions/014); login-page.tsx starts loading them as soon as it shows.
 */
export { loginRequestSchema, loginResponseSchema } from '@crm/contracts'
