import { afterEach, describe, expect, it } from 'vitest';

import { startWorkerHealthServer, workerHealthPaths, type WorkerHealthServer } from './health-server';

describe('worker health server', () => {
  let server: WorkerHealthServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`http://127.0.0.1:${server!.port}${path}`, { method });
    return { status: response.status, body: method === 'GET' ? ((await response.json()) as { status: string }) : undefined };
  };

  it('answers liveness without the database and readiness with the health report status', async () => {
    server = await startWorkerHealthServer(0, () => Promise.resolve({ status: 'degraded' }), '127.0.0.1');
    expect(await get(workerHealthPaths.live)).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await get(workerHealthPaths.ready)).toEqual({ status: 200, body: { status: 'degraded' } });
    expect((await get('/other')).status).toBe(404);
    expect((await get(workerHealthPaths.ready, 'POST')).status).toBe(405);
  });

  it('is not ready while the health check fails (the database cannot be reached), and still alive', async () => {
    server = await startWorkerHealthServer(0, () => Promise.reject(new Error('connection refused')), '127.0.0.1');
    expect(await get(workerHealthPaths.ready)).toEqual({ status: 503, body: { status: 'unavailable' } });
    expect((await get(workerHealthPaths.live)).status).toBe(200);
  });
});
