import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header receivers verify: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const signatureHeaderName = 'AgentLoom-Signature';

/** A new endpoint secret: 256 random bits, prefixed so it is recognisable in a secret store. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature header value for `body` sent at `timestampSeconds`. */
export function signWebhookBody(secret: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmacHex(secret, timestampSeconds, body)}`;
}

/**
 * Checks an `AgentLoom-Signature` header against the raw request body, for receivers. True only
 * when one of its `v1` signatures matches (compared in constant time) and its timestamp is within
 * `toleranceSeconds` of now, which stops a captured request from being replayed later. Pass the
 * body exactly as received: re-serialized JSON does not verify.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  const timestampSeconds = Number(timestamp);
  if (Math.abs(nowSeconds - timestampSeconds) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestampSeconds, body), 'hex');
  return parts
    .filter(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/i.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

function hmacHex(secret: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
}
