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
