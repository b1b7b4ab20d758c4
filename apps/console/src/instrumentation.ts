/**
 * Next calls register() once per server process, never during `next build`. The boot code is
 * Node-only (database, signals), so it is imported only in the Node.js runtime.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { bootConsole } = await import('~/server/boot');
  await bootConsole();
}
