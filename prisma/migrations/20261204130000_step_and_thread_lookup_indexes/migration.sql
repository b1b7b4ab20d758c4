-- A step's messages: the step panel reads them by step_id (a sequential scan of every message before),
-- and deleting steps cascades to them.
CREATE INDEX "messages_step_id_idx" ON "messages"("step_id");

-- Thread context of a memory search (ADR 0065) averages a thread's item vectors; deleting a thread cascades.
CREATE INDEX "memory_items_thread_id_idx" ON "memory_items"("thread_id");
