/** The instance operator's pages (ADR 0041): `/operator` itself and everything under it. */
const operatorPages = /^\/operator(\/|$)/;

/**
 * Whether a path (with or without its query) is an operator page, opened by the operator session
 * instead of a tenant one. The proxy and the sign-in page must agree on it: when they did not (the
 * sign-in checked `/operator/` only), a tenant session opening `/operator` was sent back and forth
 * between the two until the browser gave up.
 */
export function isOperatorPath(path: string): boolean {
  return operatorPages.test(new URL(path, 'http://console.invalid').pathname);
}
