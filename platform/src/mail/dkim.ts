import { createPrivateKey } from 'node:crypto'
import { z } from 'zod'

/** What DKIM signing needs (RFC 6376): the signing domain, the selector of its DNS key record, the private key. */
export interface DkimOptions {
  domainName: string
  keySelector: string
  privateKey: string
}

const isPrivateKey = (pem: string) => {
  try {
    createPrivateKey(pem)
    return true
  } catch {
    return false
  }
}

/**
 * The DKIM settings as environment variables, parsed with the rest of a service's configuration. The key may be
 * given with literal `\n` for its line breaks (one line in a compose file); a broken key stops the start.
 */
export const dkimEnv = {
  DKIM_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'a domain name, e.g. fleet-sales.example')
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,63}$/, 'a selector, e.g. crm2026')
    .optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n'))
    .refine(isPrivateKey, 'a PEM private key (RSA or Ed25519)')
    .optional(),
}

/**
 * DKIM signing when a selector and a key are configured; the domain defaults to the From address's. Only part
 * of the three set is a mistake: the service refuses to start rather than send unsigned mail unnoticed.
 */
export function dkimOf(
  env: { DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string },
  fromAddress: string,
): DkimOptions | undefined {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: key } = env
  if (!selector && !key) {
    if (domain) throw new Error('Invalid configuration:\n  DKIM_DOMAIN: set DKIM_SELECTOR and DKIM_PRIVATE_KEY too')
    return undefined
  }
  if (!selector || !key) {
    throw new Error('Invalid configuration:\n  DKIM_SELECTOR and DKIM_PRIVATE_KEY: set both, or neither')
  }
  const domainName = domain ?? fromAddress.split('@')[1]
  if (!domainName) throw new Error('Invalid configuration:\n  DKIM_DOMAIN: the From address has no domain')
  return { domainName, keySelector: selector, privateKey: key }
}
