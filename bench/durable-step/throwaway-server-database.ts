import { randomBytes } from 'node:crypto';

import pg from 'pg';

/** Runs `work` on a database created for it on the server at `serverUrl`, dropped afterwards whatever happens. */
export async function withThrowawayServerDatabase<T>(serverUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
