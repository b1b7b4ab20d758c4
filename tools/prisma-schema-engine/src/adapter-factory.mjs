import { PrismaPg } from '@prisma/adapter-pg';

import { patchCatalogColumnTypes } from './catalog-column-types.mjs';
import { schemaParameterOf } from './connection-url.mjs';
import { createTemporaryShadowDatabase, wipeShadowDatabase } from './shadow-database.mjs';
import { patchWholeScriptExecution } from './whole-script-execution.mjs';

/**
 * The migration-aware driver adapter factory handed to the WASM engine: the main database and a
 * shadow database, both through `@prisma/adapter-pg` with our fixes for catalog column
 * types and multi-statement scripts.
 *
 * Every adapter it hands out is tracked so the process can close pools (and drop a temporary
 * shadow database) when the CLI ends the session, even if the engine never disposes them.
 */
export class SchemaEngineAdapterFactory {
  provider = 'postgres';
  adapterName = '@prisma/adapter-pg';

  #datasource;
  #openAdapters = new Set();

  /** @param {{ url: string, shadowDatabaseUrl?: string }} datasource */
  constructor(datasource) {
    this.#datasource = datasource;
  }

  async connect() {
    return this.#track(await connectPg(this.#datasource.url));
  }

  async connectToShadowDb() {
    const { shadowDatabaseUrl } = this.#datasource;
    if (shadowDatabaseUrl) {
      await wipeShadowDatabase(shadowDatabaseUrl);
      return this.#track(await connectPg(shadowDatabaseUrl));
    }
    const shadow = await createTemporaryShadowDatabase(this.#datasource.url);
    const adapter = await connectPg(shadow.url);
    const closePool = adapter.dispose.bind(adapter);
    // Close the pool first: Postgres refuses to drop a database that still has sessions.
    adapter.dispose = async () => {
      await closePool();
      await shadow.drop();
    };
    return this.#track(adapter);
  }

  /** Disposes every adapter the engine has not disposed itself. */
  async disposeAll() {
    const adapters = [...this.#openAdapters];
    this.#openAdapters.clear();
    await Promise.allSettled(adapters.map((adapter) => adapter.dispose()));
  }

  #track(adapter) {
    const dispose = adapter.dispose.bind(adapter);
    let disposed;
    adapter.dispose = () => {
      this.#openAdapters.delete(adapter);
      disposed ??= dispose();
      return disposed;
    };
    this.#openAdapters.add(adapter);
    return adapter;
  }
}

async function connectPg(url) {
  const schema = schemaParameterOf(url);
  const factory = new PrismaPg({ connectionString: url }, schema ? { schema } : undefined);
  return patchWholeScriptExecution(patchCatalogColumnTypes(await factory.connect()));
}
