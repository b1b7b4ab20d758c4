import { defaultGuardedFetch } from '../outbound/default-guarded-fetch';
import type { FetchFunction } from './create-language-model';
import { ModelGatewayError } from './model-gateway-error';

/**
 * Wraps a provider `fetch` so that a successful status carrying an HTML page fails at once with
 * `provider-bad-response`. Without it the SDK reads the page as an empty event stream and reports
 * "Response stream ended without a finish reason", which hides the usual cause: a base URL that
 * points at a website, a login page or a proxy instead of the provider's API. Not retried: the same
 * URL serves the same page.
 */
export function refuseHtmlReplies(fetch: FetchFunction | undefined, model: string): FetchFunction {
  const inner = fetch ?? defaultGuardedFetch();
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.ok || !isHtml(response.headers.get('content-type'))) return response;
    // The page itself is never read: its text is not the provider's and must not reach run errors.
    await response.body?.cancel().catch(() => undefined);
    throw new ModelGatewayError(
      'provider-bad-response',
      `${model} answered HTTP ${response.status} with an HTML page instead of an API reply: the base URL likely points at a website, a login page or a proxy, not the provider's API`,
      { model, statusCode: response.status, retryable: false },
    );
  };
}

function isHtml(contentType: string | null): boolean {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
}
