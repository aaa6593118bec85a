// Where the widget will send the shopper: the provider's page over https. Plain http only to this machine, for
// the local sandbox (Local choice: the BFF checks the same rule; the widget re-checks because it navigates).
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isSafeRedirect(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname));
}
