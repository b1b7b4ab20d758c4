/**
 * The console's Content-Security-Policy. Scripts run only with this response's nonce (Next puts it
 * on its own bootstrap and chunk scripts when it finds it in the request's CSP header) and what
 * those load ('strict-dynamic'): injected markup can run no script, inline or not. Everything else is
 * 'self' only, so injected markup cannot load or send to another origin, and no site may frame the
 * console. Styles keep 'unsafe-inline' (React style attributes; styles cannot run code). Dev mode
 * adds eval and the HMR socket.
 */
export function contentSecurityPolicy(options: { nonce: string | null; development: boolean }): string {
  const { nonce, development } = options;
  const scripts = nonce === null ? "script-src 'self'" : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`;
  return [
    "default-src 'self'",
    `${scripts}${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** 128 random bits, base64: a fresh nonce for every page response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
