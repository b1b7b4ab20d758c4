import { readFile } from 'node:fs/promises';

import { SchemaEngineAdapterFactory } from './adapter-factory.mjs';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { loadWasmSchemaEngine } from './load-wasm-engine.mjs';
import { forwardEngineLog } from './log-lines.mjs';

/**
 * One WASM schema engine for the lifetime of the process, created on first use so that a failed
 * connection becomes an RPC error the CLI can print instead of a crashed child process.
 */
export class EngineSession {
  #datamodelPaths;
  #datasource;
  #adapterFactory;
  #engine;

  constructor({ datamodelPaths, datasource }) {
    this.#datamodelPaths = datamodelPaths;
    this.#datasource = datasource;
  }

  /** The connection settings from `--datasource`; throws the native engine's error when absent. */
  get datasource() {
    if (!this.#datasource?.url) {
      throw new Error('The datasource.url property is required in your Prisma config file when using this command.');
    }
    return this.#datasource;
  }

  async engine() {
    this.#engine ??= this.#createEngine();
    return this.#engine;
  }

  async #createEngine() {
    const SchemaEngine = await loadWasmSchemaEngine();
    this.#adapterFactory = new SchemaEngineAdapterFactory(this.datasource);
    const datamodels = await Promise.all(
      this.#datamodelPaths.map(async (filePath) => [filePath, await readFile(filePath, 'utf8')]),
    );
    // `datamodels` must be undefined or non-empty, or the engine rejects the options.
    return SchemaEngine.new(
      { datamodels: datamodels.length > 0 ? datamodels : undefined },
      forwardEngineLog,
      bindMigrationAwareSqlAdapterFactory(this.#adapterFactory),
    ).catch((error) => {
      this.#engine = undefined;
      throw error;
    });
  }

  /** Frees the engine and closes every connection it left open. */
  async close() {
    const engine = await this.#engine?.catch(() => undefined);
    await this.#adapterFactory?.disposeAll();
    engine?.free();
  }
}
