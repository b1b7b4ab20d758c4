import { describe, expect, it } from 'vitest';
import { metricsAccessFor } from './metrics-access';

const token = 'a-metrics-token-of-some-length';
const scrape = (authorization?: string) => new Request('http://console/api/metrics', { headers: authorization ? { authorization } : {} });

describe('metricsAccessFor', () => {
  it('needs the configured token for anything, and gives everything with it', () => {
    expect(metricsAccessFor(scrape(), token)).toBe('refused');
    expect(metricsAccessFor(scrape('Bearer wrong'), token)).toBe('refused');
    expect(metricsAccessFor(scrape(`Bearer ${token}`), token)).toBe('full');
  });

  it('without a configured token gives only numbers without tenant labels, whatever is sent', () => {
    expect(metricsAccessFor(scrape(), undefined)).toBe('without-tenant-labels');
    expect(metricsAccessFor(scrape('Bearer anything'), undefined)).toBe('without-tenant-labels');
  });
});
