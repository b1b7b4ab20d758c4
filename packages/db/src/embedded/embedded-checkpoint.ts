import type { RawSql } from '../connection/raw-sql';

/**
 * PGlite runs Postgres as a single backend with no postmaster, so none of the checkpoints a server
 * takes on its own happen: not on `checkpoint_timeout`, and not on `max_wal_size` (the backend asks
 * for one only under a postmaster). Until the database closes, every WAL segment stays: about 14 KB
 * per agent step, 16 MB per ≈ 1,150 steps, kept in memory by `memory://` and in `pgdata/pg_wal` on
 * disk, without bound (ADR 0090). A `CHECKPOINT` lets Postgres recycle the segments behind it.
 */

/** WAL written since the last checkpoint's redo point, in bytes. */
export async function walSinceCheckpoint(statements: RawSql): Promise<number> {
  const [row] = await statements.query<{ bytes: number }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()',
  );
  return row?.bytes ?? 0;
}

/** Takes a checkpoint when more than `afterWalBytes` of WAL were written since the last one; whether it did. */
export async function checkpointIfDue(statements: RawSql, afterWalBytes: number): Promise<boolean> {
  if ((await walSinceCheckpoint(statements)) <= afterWalBytes) return false;
  await statements.execute('CHECKPOINT');
  return true;
}

/**
 * Session settings for the embedded database (PGlite is one session, so they hold for its life).
 * `wal_init_zero = off`: a new 16 MB WAL segment is created by writing its last byte instead of 2,048
 * zero-filled pages. In PGlite's in-memory file system each of those writes grew the file by 12.5 %
 * and copied it, and the statement that crossed into a new segment took 130–390 ms instead of ≈ 1.5
 * (bench/README, durable-step, session 19). Zero-filling only reserves the file's space ahead of the
 * records (Postgres reads WAL by page headers and checksums, and reuses recycled segments unzeroed);
 * PGlite runs with `fsync = off`, so that reservation never bought a guarantee here.
 */
export const embeddedSessionSettings: readonly (readonly [name: string, value: string])[] = [['wal_init_zero', 'off']];
