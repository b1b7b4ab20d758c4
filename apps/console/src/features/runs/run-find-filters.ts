import type { FindRunStepsInput } from '@agentloom/platform';

/** The step filters the server applies (`runSteps.find`). */
export interface StepFilters {
  kind?: StepKind;
  toolName?: string;
  errors?: boolean;
  approval?: StepApproval;
}

/** What the run page's find bar holds: the text searched for and the step filters. */
export interface RunFind {
  /** Text searched across the run (`runSteps.search`); '' when none. */
  query: string;
  filters: StepFilters;
}

type StepKind = NonNullable<FindRunStepsInput['kind']>;
type StepApproval = NonNullable<FindRunStepsInput['approval']>;

/** The step kinds `runSteps.find` takes (the platform's `stepKinds`; a test keeps the two equal). */
export const findStepKinds = ['model_call', 'tool_call', 'compaction', 'verification', 'approval_wait', 'routing', 'memory_injection'] as const satisfies readonly StepKind[];
export const findStepApprovals = ['any', 'pending', 'approved', 'rejected', 'expired'] as const satisfies readonly StepApproval[];

/** The URL's name for each part of the find bar: short, and stable for shared links. */
export const runFindParameters = { query: 'q', kind: 'kind', toolName: 'tool', errors: 'errors', approval: 'approval' } as const;

/** The longest text `runSteps.search` and a tool name in `runSteps.find` accept. */
const maximumLength = 200;

export function hasFilters(filters: StepFilters): boolean {
  return Boolean(filters.kind ?? filters.toolName ?? filters.errors ?? filters.approval);
}

/**
 * Reads the find bar from the URL (a shared or reloaded link shows the same steps). A value the
 * server would refuse (an unknown kind or approval, an over-long text) is dropped, not sent.
 */
export function parseRunFind(parameters: { get(name: string): string | null }): RunFind {
  const query = parameters.get(runFindParameters.query)?.trim() ?? '';
  const toolName = parameters.get(runFindParameters.toolName)?.trim() ?? '';
  const kind = findStepKinds.find((candidate) => candidate === parameters.get(runFindParameters.kind));
  const approval = findStepApprovals.find((candidate) => candidate === parameters.get(runFindParameters.approval));
  const filters: StepFilters = {
    ...(kind ? { kind } : {}),
    ...(toolName && toolName.length <= maximumLength ? { toolName } : {}),
    ...(parameters.get(runFindParameters.errors) === '1' ? { errors: true } : {}),
    ...(approval ? { approval } : {}),
  };
  return { query: query.length >= 2 && query.length <= maximumLength ? query : '', filters };
}

/** `current` with the find bar's parameters set to `find` (empty ones removed); every other parameter is kept. */
export function runFindQuery(current: URLSearchParams, find: RunFind): string {
  const next = new URLSearchParams(current);
  const values: Record<keyof typeof runFindParameters, string | undefined> = {
    query: find.query.trim() || undefined,
    kind: find.filters.kind,
    toolName: find.filters.toolName,
    errors: find.filters.errors ? '1' : undefined,
    approval: find.filters.approval,
  };
  for (const [key, parameter] of Object.entries(runFindParameters)) {
    const value = values[key as keyof typeof runFindParameters];
    if (value) next.set(parameter, value);
    else next.delete(parameter);
  }
  return next.toString();
}
