import { randomBytes } from 'node:crypto';

import { hashSecret } from '../auth/api-key-secret';

/**
 * Operator keys look like API keys with their own prefix, `alop_<prefix>_<secret>`, so a server
 * (and a person reading a log) can tell at a glance which kind of credential was presented: an
 * operator key is never mistaken for a tenant key, nor looked up among them.
 */
const operatorKeyPattern = /^alop_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface GeneratedOperatorKey {
  plaintext: string;
  prefix: string;
  secretHash: string;
}

export function generateOperatorKey(): GeneratedOperatorKey {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { plaintext: `alop_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}

/** The lookup prefix and secret of a presented operator key; undefined when it is not one. */
export function parseOperatorKey(plaintext: string): { prefix: string; secret: string } | undefined {
  const match = operatorKeyPattern.exec(plaintext.trim());
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined;
}

/** Whether a presented credential has the operator key's shape (valid or not). */
export function looksLikeOperatorKey(plaintext: string): boolean {
  return plaintext.trim().startsWith('alop_');
}
