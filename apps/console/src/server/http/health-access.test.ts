import type { HealthReport } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';
import { healthReportFor } from './health-access';

const report: HealthReport = {
  status: 'degraded',
  database: { mode: 'server', location: 'db.internal:5432/agentloom', serverVersion: '17.2' },
  migrations: { applied: ['0001_init'], pending: [], upToDate: true },
  vectorSearch: { available: false, version: null, fix: 'Install pgvector.' },
  memoryEmbedder: {
    id: 'hashing/v1',
    dimension: 256,
    requested: 'hashing',
    semantic: false,
    fallbackReason: null,
    model: 'ready',
    modelError: null,
  },
  versions: { agentloom: '0.1.0', node: '24.0.0', prisma: '7.10.0' },
  checkedAt: '2026-01-01T00:00:00.000Z',
};

describe('healthReportFor (ADR 0007: /api/health and health.report)', () => {
  it('gives an admin the whole report', () => {
    expect(healthReportFor(report, 'admin')).toBe(report);
  });

  it('gives every other role, and a caller without credentials, the status alone', () => {
    for (const role of ['operator', 'viewer', null] as const) expect(healthReportFor(report, role)).toEqual({ status: 'degraded' });
  });
});
