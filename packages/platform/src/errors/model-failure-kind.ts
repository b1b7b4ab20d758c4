import { isProviderErrorKind } from '@agentloom/runtime';

const modelFailureKinds: ReadonlySet<string> = new Set(['model-call-failed', 'model-configuration']);

/**
 * The runtime error kind of a failed model or embedder call, or undefined. Read by name and kind,
 * not `instanceof`, for the same reason as `isDomainError`: Next can load the runtime more than once.
 */
export function modelFailureKindOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const kind: unknown = (error as Error & { kind?: unknown }).kind;
  if (typeof kind !== 'string') return undefined;
  return modelFailureKinds.has(kind) || isProviderErrorKind(kind) ? kind : undefined;
}
