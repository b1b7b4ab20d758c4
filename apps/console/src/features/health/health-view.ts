import type { HealthReport } from '@agentloom/platform';

/** The health report as the console and `/api/health` give it: whole for admins, the status alone for everyone else (ADR 0007). */
export type HealthView = HealthReport | Pick<HealthReport, 'status'>;

/** Whether the caller was given the details (database, migrations, vector search, embedder, versions). */
export function hasHealthDetails(view: HealthView): view is HealthReport {
  return 'checkedAt' in view;
}
