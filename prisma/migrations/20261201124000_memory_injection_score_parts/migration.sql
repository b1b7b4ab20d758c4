-- Issue 13: an injection keeps the parts of its score (similarity, lexical, relevance, boosts),
-- so the run page and the memory inspector can show why a memory reached a prompt.
ALTER TABLE "memory_injections" ADD COLUMN "score_parts" JSONB;
