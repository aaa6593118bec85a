// The BFF's own URLs that the upstream is given per order. The routes that serve them (issue 5) import the paths
// from here, so the builder and the router can never disagree.

export const RETURN_ROUTE = '/v1/returns/:orderReference';
export const CALLBACK_ROUTE = '/v1/callbacks/:orderReference/:secret';

const segment = (value: string) => encodeURIComponent(value);

/** dynamicRedirectUrl: where the upstream sends the shopper back. */
export function returnUrlFor(publicUrl: string, orderReference: string): string {
  return `${publicUrl}/v1/returns/${segment(orderReference)}`;
}

/** dynamicCallbackUrl: where the upstream posts status hints; the secret makes it unguessable per order. */
export function callbackUrlFor(publicUrl: string, orderReference: string, secret: string): string {
  return `${publicUrl}/v1/callbacks/${segment(orderReference)}/${segment(secret)}`;
}

/**
 * The same URL with what opens something masked, for logs: the callback secret, and a checkout session id (the
 * widget's only credential; it opens the shopper's prefill). Case-insensitive, as Express routes are.
 */
export function maskSecretsInUrl(url: string): string {
  return url
    .replace(/(\/v1\/callbacks\/[^/?#]+\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/v1\/checkout-sessions\/)[^/?#]+/i, '$1[redacted]');
}
