// The headers a page that embeds <opi-checkout> needs, and the shop's guard against cross-site form posts.
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

export interface CspOrigins {
  /** Where the widget module is loaded from and the widget talks to: the BFF's public origin. */
  bff: string;
  /** Where provider logos come from (the upstream's CDN; the sandbox locally). */
  images: readonly string[];
}

/**
 * The Content-Security-Policy of every shop page. The scripts are the widget's elements from the BFF (pinned by SRI
 * as well), which only call the BFF and show provider logos, and the checkout page's coupon script from the shop.
 * Nothing inline: Lit's styles are constructable stylesheets, which style-src does not govern, so no
 * 'unsafe-inline' is needed anywhere.
 */
export function cspDirectives(origins: CspOrigins): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", origins.bff],
    'connect-src': ["'self'", origins.bff],
    'img-src': ["'self'", ...origins.images],
    'style-src': ["'self'"],
    'font-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
  };
}

export function securityHeaders(origins: CspOrigins) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(origins) },
    // The shopper leaves for the provider's page and comes back through the BFF: a strict referrer policy keeps
    // cart and order references out of their logs.
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * Refuses a state-changing request sent by another site (a form on evil.example posting to /console/...).
 * Browsers label every request with Sec-Fetch-Site, older ones at least with Origin on a POST.
 */
export function sameOriginWrites(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  const crossSite =
    site !== undefined
      ? site !== 'same-origin' && site !== 'none'
      : origin !== undefined && origin !== `${req.protocol}://${req.get('host')}`;
  if (crossSite) {
    res.status(403).type('text/plain').send('Cross-site form posts are not accepted.');
    return;
  }
  next();
}
