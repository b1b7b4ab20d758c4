/**
 * Makes an `@prisma/adapter-pg` adapter send a migration script to Postgres in one piece. The
 * adapter's own `executeScript` splits the script on every `;`, which cuts dollar-quoted bodies
 * (`CREATE FUNCTION … AS $$ … ; … $$`, `DO $$ … $$`) apart and fails with "unterminated
 * dollar-quoted string". A parameterless query uses Postgres' simple-query protocol, which runs a
 * multi-statement script as the native engine does.
 */
export function patchWholeScriptExecution(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      // Converts the pg error into the DriverAdapterError the engine understands, and throws it.
      adapter.onError(error);
    }
  };
  return adapter;
}
