import { Prisma } from '@agentloom/db';

/** P2002 from the Prisma API, Postgres 23505 surfaced through a raw query (P2010), or 23505 straight from the driver. */
export function isUniqueViolation(error: unknown): boolean {
  if ((error as { code?: unknown } | null)?.code === '23505') return true;
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === 'P2002' || (error.code === 'P2010' && JSON.stringify(error.meta ?? {}).includes('23505'));
}
