import pg from 'pg';

/** `agentloom_run_events` notifications for one run, as the bench's own LISTEN heard them. */
export interface NotificationTimes {
  /** Stops listening; every notification heard: the last seq it announced and when it arrived. */
  stop(): Promise<{ lastSeq: number; heardAt: number }[]>;
}

/**
 * LISTENs on the run-events channel from the bench process (server mode), so commit → NOTIFY is
 * timed apart from what the console does after it hears one. The payload is
 * `<runId>:<lastSeq>:<tenantId>` (append-run-events-sql.ts).
 */
export async function listenForRunEvents(databaseUrl: string, runId: string): Promise<NotificationTimes> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const heard: { lastSeq: number; heardAt: number }[] = [];
  client.on('notification', (message) => {
    const heardAt = Date.now();
    const [notifiedRun, lastSeq] = (message.payload ?? '').split(':');
    if (notifiedRun === runId) heard.push({ lastSeq: Number(lastSeq), heardAt });
  });
  await client.query('LISTEN agentloom_run_events');
  return {
    stop: async () => {
      await client.end();
      return heard;
    },
  };
}
