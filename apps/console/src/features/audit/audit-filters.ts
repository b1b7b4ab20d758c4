export interface AuditFilters {
  action: string | undefined;
  actorId: string | undefined;
  targetType: string | undefined;
  targetId: string | undefined;
  /** Calendar days (`YYYY-MM-DD`), both inclusive in the UI. */
  fromDay: string | undefined;
  toDay: string | undefined;
}

export const auditFilterParameters = {
  action: 'action',
  actorId: 'actor',
  targetType: 'targetType',
  targetId: 'target',
  fromDay: 'from',
  toDay: 'to',
} as const satisfies Record<keyof AuditFilters, string>;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from the URL query, so a filtered audit view can be shared and reloaded. */
export function parseAuditFilters(parameters: { get(name: string): string | null }): AuditFilters {
  const text = (name: string) => parameters.get(name)?.trim() || undefined;
  const day = (name: string) => {
    const value = parameters.get(name);
    return value && dayPattern.test(value) ? value : undefined;
  };
  return {
    action: text(auditFilterParameters.action),
    actorId: text(auditFilterParameters.actorId),
    targetType: text(auditFilterParameters.targetType),
    targetId: text(auditFilterParameters.targetId),
    fromDay: day(auditFilterParameters.fromDay),
    toDay: day(auditFilterParameters.toDay),
  };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** `audit.list`'s input: the "to" day is inclusive here, so the query ends when the next day starts. */
export function auditListInput(filters: AuditFilters) {
  return {
    limit: 50,
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(filters.targetId ? { targetId: filters.targetId } : {}),
    ...(filters.fromDay ? { from: filters.fromDay } : {}),
    ...(filters.toDay ? { to: nextDay(filters.toDay) } : {}),
  };
}
