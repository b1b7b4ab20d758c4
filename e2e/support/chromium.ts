import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';

/**
 * Debian's Chromium unless CHROMIUM_PATH names another; where neither exists (a machine where
 * tools/ensure-chromium.mjs ran `playwright install`), undefined, so Playwright uses its own.
 */
export function chromiumExecutablePath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? (existsSync(debianChromium) ? debianChromium : undefined);
}

/** Flags for a closed network: no background traffic, no Google lookups, no sandbox (runs as root). */
export const chromiumArguments = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Keeps Chromium from resolving Google hosts while still reaching the app.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
