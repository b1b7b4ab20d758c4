-- Console sign-in for the instance operator (issue 15, ADR 0041): a session of an operator key, kept
-- apart from tenant sessions (which belong to a tenant's API key) so neither can be taken for the other.
CREATE TABLE "operator_sessions" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "operator_key_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operator_sessions_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "operator_sessions_token_hash_key" ON "operator_sessions"("token_hash");

CREATE INDEX "operator_sessions_operator_key_id_idx" ON "operator_sessions"("operator_key_id");

CREATE INDEX "operator_sessions_expires_at_idx" ON "operator_sessions"("expires_at");

ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_key_id_fkey" FOREIGN KEY ("operator_key_id") REFERENCES "operator_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
