import { DomainError } from '../errors/domain-error';
import { toInstant } from '../validation/instant.schema';
import { maximumUsageDays } from './usage.schema';

const dayInMilliseconds = 86_400_000;
const defaultDays = 30;

/** Resolves the defaults and checks the window is ordered and bounded. */
export function resolveUsageWindow(input: { from?: string | undefined; to?: string | undefined }, now = new Date()): { from: Date; to: Date } {
  const to = input.to ? toInstant(input.to) : now;
  const from = input.from ? toInstant(input.from) : new Date(to.getTime() - defaultDays * dayInMilliseconds);
  if (from >= to) throw new DomainError('validation', 'from: must be before to', 'from');
  if (to.getTime() - from.getTime() > maximumUsageDays * dayInMilliseconds) {
    throw new DomainError('validation', `from: the window may span at most ${maximumUsageDays} days`, 'from');
  }
  return { from, to };
}
