import type { DomainError, DomainErrorKind } from '@agentloom/platform';
import { statusByKind } from '~/server/http/domain-error-response';

/**
 * `isDomainError` from the platform uses `instanceof`, which fails here: Next bundles
 * `@agentloom/platform` into several chunks (instrumentation, each route), and the platform
 * instance on `globalThis` was built by whichever copy opened it first, so its errors are instances
 * of another copy's class. The shape (name + a known kind) is what we rely on instead.
 */
export function asDomainError(error: unknown): DomainError | undefined {
  if (!(error instanceof Error) || error.name !== 'DomainError' || !('kind' in error)) return undefined;
  return typeof error.kind === 'string' && error.kind in statusByKind ? (error as DomainError & { kind: DomainErrorKind }) : undefined;
}
