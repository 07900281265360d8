import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '@crm/contracts'
import { addressOf, commonEnv, dkimEnv, dkimOf, jwtSecretEnv, parseEnv } from '@crm/platform'
import { z } from 'zod'

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** The command API's settings, parsed once at start-up (docs/architecture.md, "Style"). */
export function loadCommandApiConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(
    {
      ...commonEnv,
      ...jwtSecretEnv,
      PORT: z.coerce.number().int().min(0).max(65535).default(3001),
      HOST: z.string().default('0.0.0.0'),
      JWT_TTL_SECONDS: seconds(8 * 3600),
      SESSION_TTL_SECONDS: seconds(7 * 24 * 3600),
      // Wrong passwords on one account in 15 minutes before it waits (half as many from one address).
      LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
      // Attempts from one address in a minute: far above what a 100-person office behind one NAT makes.
      LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(300),
      TRUST_PROXY: z.stringbool().default(false),
      SMTP_URL: z.string().optional(),
      MAIL_FROM: z.string().default('Trucking Sales CRM <no-reply@localhost>'),
      // DKIM signing of mail sent over SMTP: the selector of the DNS key record and its private key (PEM).
      ...dkimEnv,
      PUBLIC_URL: z.url().optional(),
      SSO_SECRET: z.string().min(16).optional(),
      // Signs the recipients' links in mail (unsubscribe, report abuse, clicks); derived from JWT_SECRET when unset.
      EMAIL_LINK_SECRET: z.string().min(32).optional(),
      PASSWORD_RESET_TTL_SECONDS: seconds(3600),
      // One lead file's limits (a census extract of a million carriers fits).
      LEAD_IMPORT_MAX_ROWS: z.coerce.number().int().positive().default(MAX_IMPORT_ROWS),
      LEAD_IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(MAX_IMPORT_BYTES),
      // Seals applicants' SSN, date of birth and bank details (32 bytes, base64); credit applications are off without it.
      CREDIT_DATA_KEY: z.string().min(40).optional(),
      // Earlier sealing keys, comma-separated: they still open what they sealed; only CREDIT_DATA_KEY seals.
      CREDIT_DATA_OLD_KEYS: z.string().optional(),
      // One key per source system that files applications through the intake endpoint (header x-api-key).
      WEBSITE_INTAKE_KEY: z.string().min(24).optional(),
      CPS_INTAKE_KEY: z.string().min(24).optional(),
      CEF_INTAKE_KEY: z.string().min(24).optional(),
      // The public application form: the least time a person takes to fill it, and sends per address per hour.
      CREDIT_FORM_MIN_SECONDS: z.coerce.number().int().min(0).default(5),
      CREDIT_FORM_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
      // Signs the public form's tokens (derived from JWT_SECRET when unset), and how long a token stays good.
      CREDIT_FORM_SECRET: z.string().min(32).optional(),
      CREDIT_FORM_TOKEN_TTL_SECONDS: seconds(4 * 3600),
      // Click-to-call: RingCentral's API and this CRM's application there; calling is off without all three.
      RINGCENTRAL_SERVER_URL: z.url().optional(),
      RINGCENTRAL_CLIENT_ID: z.string().min(1).optional(),
      RINGCENTRAL_CLIENT_SECRET: z.string().min(1).optional(),
      // 32 bytes in base64 sealing users' RingCentral tokens; derived from JWT_SECRET when unset.
      RINGCENTRAL_TOKEN_KEY: z.string().optional(),
    },
    env,
  )
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    dataDir: e.DATA_DIR,
    /** BullMQ for background jobs (lead imports) when set; in-process otherwise. */
    redisUrl: e.REDIS_URL,
    jobsPrefix: e.JOBS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    /** Wrong passwords per account in 15 minutes, and attempts per address in a minute (auth/rate-limit.ts). */
    loginLimitPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    trustProxy: e.TRUST_PROXY,
    /** Mail goes over SMTP when set, else into the local outbox (mail_outbox). */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** DKIM signing when a selector and key are set (the domain defaults to MAIL_FROM's). */
    dkim: dkimOf(e, addressOf(e.MAIL_FROM)),
    /** Where the web app is reached, for links in mail (password reset). */
    // In the standalone process the web app shares the port; behind the compose web server set PUBLIC_URL.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    /** Shared with the sister applications for fromCRM / fromTruckSales single sign-on; SSO is off without it. */
    ssoSecret: e.SSO_SECRET,
    emailLinkSecret: e.EMAIL_LINK_SECRET,
    passwordResetTtlSeconds: e.PASSWORD_RESET_TTL_SECONDS,
    leadImportLimits: { rows: e.LEAD_IMPORT_MAX_ROWS, bytes: e.LEAD_IMPORT_MAX_BYTES },
    creditApplications: {
      dataKey: e.CREDIT_DATA_KEY,
      oldDataKeys: (e.CREDIT_DATA_OLD_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      intakeKeys: { website: e.WEBSITE_INTAKE_KEY, cps: e.CPS_INTAKE_KEY, cef: e.CEF_INTAKE_KEY },
      formMinSeconds: e.CREDIT_FORM_MIN_SECONDS,
      formLimitPerHour: e.CREDIT_FORM_LIMIT_PER_HOUR,
      formSecret: e.CREDIT_FORM_SECRET,
      formTokenTtlSeconds: e.CREDIT_FORM_TOKEN_TTL_SECONDS,
    },
    /** Click-to-call through RingCentral; null when not configured (the call buttons then say how to enable it). */
    ringCentral:
      e.RINGCENTRAL_SERVER_URL && e.RINGCENTRAL_CLIENT_ID && e.RINGCENTRAL_CLIENT_SECRET
        ? {
            serverUrl: e.RINGCENTRAL_SERVER_URL.replace(/\/+$/, ''),
            clientId: e.RINGCENTRAL_CLIENT_ID,
            clientSecret: e.RINGCENTRAL_CLIENT_SECRET,
            tokenKey: e.RINGCENTRAL_TOKEN_KEY,
          }
        : null,
  }
}

export type CommandApiConfig = ReturnType<typeof loadCommandApiConfig>
