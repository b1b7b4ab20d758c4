import type { ListRunsInput, RunStatus } from '@agentloom/platform';
import { runStatuses } from './run-statuses';

export type RunTimeWindow = NonNullable<ListRunsInput['within']>;

/** The time presets, in menu order; the service evaluates them against its own clock on every fetch. */
export const runTimeWindows: readonly { value: RunTimeWindow; label: string }[] = [
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

export interface RunsFilters {
  status: RunStatus | undefined;
  agentId: string | undefined;
  /** An agent version number, as text (`"2"`): runs on that version (of the chosen agent). */
  agentVersion: string | undefined;
  threadId: string | undefined;
  within: RunTimeWindow | undefined;
  /** A UTC minute, `YYYY-MM-DDTHH:mm` (what a `datetime-local` input holds), inclusive. */
  from: string | undefined;
  /** A UTC minute, exclusive. */
  to: string | undefined;
  /** Text in the run id or its input. */
  search: string | undefined;
}

/** The URL's name for each filter: short, and stable for shared links. */
export const runsFilterParameters = {
  status: 'status',
  agentId: 'agent',
  agentVersion: 'version',
  threadId: 'thread',
  within: 'within',
  from: 'from',
  to: 'to',
  search: 'q',
} as const satisfies Record<keyof RunsFilters, string>;

export const noRunsFilters: RunsFilters = {
  status: undefined,
  agentId: undefined,
  agentVersion: undefined,
  threadId: undefined,
  within: undefined,
  from: undefined,
  to: undefined,
  search: undefined,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const minutePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const maximumSearchLength = 200;

/** Reads the filters from the URL query (so a filtered list can be shared and reloaded), dropping malformed values. */
export function parseRunsFilters(parameters: { get(name: string): string | null }): RunsFilters {
  const read = (key: keyof RunsFilters) => parameters.get(runsFilterParameters[key]) ?? undefined;
  const uuid = (key: keyof RunsFilters) => {
    const value = read(key);
    return value && uuidPattern.test(value) ? value.toLowerCase() : undefined;
  };
  const minute = (key: 'from' | 'to') => {
    const value = read(key);
    return value && minutePattern.test(value) && !Number.isNaN(Date.parse(`${value}:00Z`)) ? value : undefined;
  };
  const from = minute('from');
  const to = minute('to');
  const search = read('search')?.trim().slice(0, maximumSearchLength);
  return {
    status: runStatuses.find((candidate) => candidate === read('status')),
    agentId: uuid('agentId'),
    agentVersion: /^[1-9]\d{0,8}$/.test(read('agentVersion') ?? '') ? read('agentVersion') : undefined,
    threadId: uuid('threadId'),
    // A custom range wins over a preset: the service takes one or the other.
    within: from || to ? undefined : runTimeWindows.find((window) => window.value === read('within'))?.value,
    from,
    to,
    search: search || undefined,
  };
}

/** The query string for the filters, without empty ones. */
export function runsFiltersQuery(filters: RunsFilters): string {
  const query = new URLSearchParams();
  for (const [key, parameter] of Object.entries(runsFilterParameters)) {
    const value = filters[key as keyof RunsFilters];
    if (value) query.set(parameter, value);
  }
  return query.toString();
}

export function hasRunsFilters(filters: RunsFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** The list's input for `runs.list`, identical on the server (prefetch) and in the browser. */
export function runsListInput(filters: RunsFilters): ListRunsInput {
  return {
    limit: 25,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.agentId ? { agentId: filters.agentId } : {}),
    ...(filters.agentVersion ? { agentVersion: Number(filters.agentVersion) } : {}),
    ...(filters.threadId ? { threadId: filters.threadId } : {}),
    ...(filters.within ? { within: filters.within } : {}),
    ...(filters.from ? { from: `${filters.from}:00Z` } : {}),
    ...(filters.to ? { to: `${filters.to}:00Z` } : {}),
    ...(filters.search ? { search: filters.search } : {}),
  };
}

/** The threads offered by the thread filter: the chosen agent's (or all), most recently active first. */
export function threadChoicesInput(filters: RunsFilters) {
  return { includeArchived: true, limit: 100, ...(filters.agentId ? { agentId: filters.agentId } : {}) };
}
