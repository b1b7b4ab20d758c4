-- Hand-written: what Prisma's schema language cannot express (docs/adr/0003-vectors-and-full-text-outside-prisma.md).

-- Full-text: memory_items.search_vector follows key and content. Weighted so a key match ranks first.
CREATE OR REPLACE FUNCTION memory_items_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.key, '')), 'A') ||
    setweight(to_tsvector('english', NEW.content), 'B');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER memory_items_search_vector_update
  BEFORE INSERT OR UPDATE OF content, key ON memory_items
  FOR EACH ROW EXECUTE FUNCTION memory_items_search_vector_update();

-- Vectors: only where the server offers pgvector, so one migration history applies to every
-- Postgres. Kept in their own schema, which Prisma Migrate neither manages nor diffs. Embeddings of
-- any dimension share one table; each embedder dimension gets its own partial HNSW index (the
-- default offline embedder is 384-dimensional; others are added by the memory layer on demand).
-- The function is idempotent and also runs at every start, so installing pgvector later just works.
CREATE OR REPLACE FUNCTION agentloom_ensure_vector_support() RETURNS boolean AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    RETURN false;
  END IF;
  CREATE EXTENSION IF NOT EXISTS vector;
  CREATE SCHEMA IF NOT EXISTS agentloom_vector;
  EXECUTE $ddl$
    CREATE TABLE IF NOT EXISTS agentloom_vector.memory_embedding (
      memory_item_id uuid PRIMARY KEY REFERENCES public.memory_items(id) ON DELETE CASCADE,
      tenant_id uuid NOT NULL REFERENCES public.tenants(id) ON DELETE CASCADE,
      embedder_id text NOT NULL,
      dimension integer NOT NULL,
      embedding vector NOT NULL,
      CHECK (vector_dims(embedding) = dimension)
    )
  $ddl$;
  EXECUTE 'CREATE INDEX IF NOT EXISTS memory_embedding_tenant_idx ON agentloom_vector.memory_embedding (tenant_id, embedder_id)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS memory_embedding_hnsw_384 ON agentloom_vector.memory_embedding '
       || 'USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dimension = 384';
  RETURN true;
END
$$ LANGUAGE plpgsql;

SELECT agentloom_ensure_vector_support();
