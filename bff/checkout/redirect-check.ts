// The redirectUrl is the one upstream value that reaches the shopper's browser as a navigation target, so it is
// checked: https anywhere, plain http only to a loopback host and only while the upstream is the local sandbox.
import { isLoopbackHost } from '../config.js';

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
