// Where the widget will send the shopper: the provider's page over https. Plain http only from this machine to this
// machine, for the local sandbox: a shop served from a real host never sends its shoppers to an http page, local or
// not (Local choice: the BFF checks the same rule; the widget re-checks because it navigates).
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `page` is the hostname of the page the widget runs on. */
export function isSafeRedirect(url: string, page = location.hostname): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname) && LOOPBACK.has(page))
  );
}
