import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inMemoryDataDirectory } from '../connection/database-config';
import { walSinceCheckpoint } from './embedded-checkpoint';
import { startEmbeddedMaintenance, type EmbeddedMaintenance } from './embedded-maintenance';
import { openEmbedded, type EmbeddedConnection } from './open-embedded';

const megabyte = 1024 * 1024;

/**
 * PGlite has no checkpointer: without the maintenance tick its WAL grows for as long as the database
 * is open (ADR 0090). These tests write WAL in rows of incompressible text and read `pg_ls_waldir`.
 */
describe('embedded maintenance: checkpoints and statistics', () => {
  let embedded: EmbeddedConnection;
  let maintenance: EmbeddedMaintenance;
  let batch = 0;

  /** Writes about `megabytes` of WAL (rows of random hex, which TOAST cannot compress away). */
  async function writeWal(megabytes: number): Promise<void> {
    batch += 1;
    await embedded.statements.execute(
      `INSERT INTO ledger (batch, payload) SELECT $1, string_agg(md5(random()::text || g::text || r::text), '')
         FROM generate_series(1, $2::integer) r, generate_series(1, 120) g GROUP BY r`,
      batch,
      megabytes * 270,
    );
  }

  const walFiles = async () => (await embedded.statements.query<{ files: number }>('SELECT count(*)::int AS files FROM pg_ls_waldir()'))[0]!.files;

  beforeAll(async () => {
    embedded = await openEmbedded(inMemoryDataDirectory);
    await embedded.driver.exec('CREATE TABLE ledger (id serial PRIMARY KEY, batch integer NOT NULL, payload text NOT NULL)');
    // Off the timer (interval 0): the test decides when to look.
    maintenance = startEmbeddedMaintenance(embedded.statements, { intervalMs: 0, checkpointAfterWalBytes: 4 * megabyte, analyze: { tables: ['ledger'] } });
  });

  afterAll(async () => {
    await maintenance?.stop();
    await embedded?.close();
  });

  it('creates new WAL segments without zero-filling them', async () => {
    const [setting] = await embedded.statements.query<{ value: string }>(`SELECT current_setting('wal_init_zero') AS value`);
    expect(setting!.value).toBe('off');
  });

  it('checkpoints once more WAL than the threshold was written, and only then', async () => {
    // The table created above is due for statistics, but the WAL is under the threshold: no checkpoint.
    await maintenance.tick();
    await writeWal(1);
    expect(await walSinceCheckpoint(embedded.statements)).toBeLessThan(4 * megabyte);
    expect(await maintenance.tick()).not.toBe('checkpoint');

    await writeWal(5);
    expect(await walSinceCheckpoint(embedded.statements)).toBeGreaterThan(4 * megabyte);
    expect(await maintenance.tick()).toBe('checkpoint');
    expect(await walSinceCheckpoint(embedded.statements)).toBeLessThan(megabyte);
  });

  it('keeps the WAL bounded over many segments, where without checkpoints it grows with every one', async () => {
    const before = await walFiles();
    for (let round = 0; round < 8; round += 1) {
      await writeWal(6);
      await maintenance.tick();
    }
    // 48 MB written: three more 16 MB segments without checkpoints; recycled segments with them.
    expect(await walFiles()).toBeLessThanOrEqual(Math.max(before, 3));

    const unchecked = await walFiles();
    await writeWal(40);
    expect(await walFiles()).toBeGreaterThan(unchecked);
  });

  it('does one piece of work per tick: a due checkpoint first, the due statistics on the next tick', async () => {
    // 40 MB were just written and the table's rows changed: both are due.
    expect(await maintenance.tick()).toBe('checkpoint');
    await expect.poll(() => maintenance.tick(), { timeout: 30_000 }).toEqual({ analyzed: 'ledger' });
  });

  it('does nothing once stopped', async () => {
    await maintenance.stop();
    await writeWal(6);
    expect(await maintenance.tick()).toBeUndefined();
    expect(await walSinceCheckpoint(embedded.statements)).toBeGreaterThan(4 * megabyte);
  });
});
