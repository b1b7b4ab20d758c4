import { createDatabase, dropDatabase } from './database-administration.mjs';

/**
 * The native JSON-RPC methods the WASM engine serves under the same name and with the same params.
 */
const FORWARDED_METHODS = new Set([
  'applyMigrations',
  'createMigration',
  'dbExecute',
  'debugPanic',
  'devDiagnostic',
  'diagnoseMigrationHistory',
  'ensureConnectionValidity',
  'evaluateDataLoss',
  'introspect',
  'introspectSql',
  'markMigrationApplied',
  'markMigrationRolledBack',
  'reset',
  'schemaPush',
]);

/**
 * Builds the method table of the JSON-RPC server.
 * @param {import('./engine-session.mjs').EngineSession} session
 * @param {(method: string, params: object) => Promise<unknown>} requestClient sends a request to the CLI
 */
export function createRpcMethods(session, requestClient) {
  const methods = {
    /**
     * Native name for the WASM `version()`; the CLI only uses it for error reports. Its params
     * would name another datasource, which an adapter-bound engine cannot reach, so they are dropped.
     */
    getDatabaseVersion: async () => (await session.engine()).version(undefined),

    /** Not in the WASM engine, whose adapter needs the database to exist already. */
    createDatabase: async (params) => ({ databaseName: await createDatabase(urlFromDatasourceParam(params, session)) }),

    dropDatabase: async (params) => {
      await dropDatabase(typeof params === 'string' ? params : session.datasource.url);
      return {};
    },

    /**
     * The native engine prints the diff itself by sending the CLI a `print` request and returns no
     * stdout; the WASM engine returns it instead. The CLI only prints what arrives via `print`.
     */
    diff: async (params) => {
      const result = await (await session.engine()).diff(params);
      if (result.stdout) await requestClient('print', { content: result.stdout.replace(/\n$/, '') });
      return { exitCode: result.exitCode, stdout: null };
    },
  };
  for (const method of FORWARDED_METHODS) {
    // Call through the instance: a detached wasm-bindgen method loses its `this` pointer.
    methods[method] = async (params) => {
      const engine = await session.engine();
      const result = await engine[method](params);
      return result ?? {};
    };
  }
  return methods;
}

function urlFromDatasourceParam(params, session) {
  const datasource = params?.datasource;
  if (datasource?.tag === 'ConnectionString' && datasource.url) return datasource.url;
  return session.datasource.url;
}
