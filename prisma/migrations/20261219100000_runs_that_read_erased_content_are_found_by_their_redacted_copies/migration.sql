-- A run whose transcript holds a copy an erase redacted (content '[erased]') read the erased content, and its
-- answer may repeat it: a new run of the thread is not seeded with that answer (thread-history.ts, ADR 0104).
-- The lookup runs once per new run of a thread; the partial index holds only the redacted rows.
CREATE INDEX "messages_erased_copies_idx" ON "messages"("run_id") WHERE content = '[erased]';
