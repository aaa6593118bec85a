// The URLs an order carries: the BFF's own, which the upstream is given per order (the routes that serve them import
// the paths from here, so the builder and the router can never disagree), and the upstream's redirectUrl, checked
// before it reaches the shopper.
import { isLoopbackHost } from '../config.js';

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
 * The redirectUrl is the one upstream value that reaches the shopper's browser as a navigation target, so it is
 * checked: https anywhere, plain http only to a loopback host and only while the upstream is the local sandbox.
 */
export function isSafeRedirect(url: string, allowLoopbackHttp: boolean): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password || !parsed.hostname) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && allowLoopbackHttp && isLoopbackHost(parsed.hostname);
}
