// The built widget, served to any storefront: cross-origin readable (module scripts and SRI need CORS), with its
// SRI hash published. Local choice: the URL published at /v1/widget carries `?v=<hash>`, and only that versioned
// URL is cached as immutable for a year; the bare URL is cached briefly and revalidated by ETag, so a new build
// can never be hidden behind a year-old copy whose hash no longer matches the page's integrity attribute. Served
// brotli or gzip compressed to the browsers that accept it (57 KB becomes 18 KB), each form with its own ETag.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { HttpProblem } from './problem.js';
import { checkedEncodings, chooseEncoding, ENCODING_SUFFIX, type WidgetEncoding } from './widget-encodings.js';

export interface WidgetBundle {
  body: Buffer;
  /** sha384-<base64>, the value of an integrity attribute. */
  sri: string;
  encoded: Record<WidgetEncoding, Buffer>;
}

/** The bundle, with its compressed forms: those given when they match it, made now otherwise. */
export function widgetBundleFrom(body: Buffer, encoded: Partial<Record<WidgetEncoding, Buffer>> = {}): WidgetBundle {
  return {
    body,
    sri: `sha384-${createHash('sha384').update(body).digest('base64')}`,
    encoded: checkedEncodings(body, encoded),
  };
}

const readIfThere = (url: URL) => {
  try {
    return readFileSync(url);
  } catch {
    return undefined;
  }
};

/**
 * Where `npm run build` puts the widget, from this module: beside the compiled server (dist/server/*.js, also in the
 * installed package) or from the sources (bff/http/).
 */
const BUNDLE_LOCATIONS = ['../widget/opi-checkout.js', '../../dist/widget/opi-checkout.js'];

/** The built widget, or undefined when it is not built. */
export function readWidgetBundle(): WidgetBundle | undefined {
  for (const location of BUNDLE_LOCATIONS) {
    const url = new URL(location, import.meta.url);
    const body = readIfThere(url);
    if (!body) continue;
    return widgetBundleFrom(body, {
      br: readIfThere(new URL(`${url.href}${ENCODING_SUFFIX.br}`)),
      gzip: readIfThere(new URL(`${url.href}${ENCODING_SUFFIX.gzip}`)),
    });
  }
  return undefined;
}

const versionOf = (bundle: WidgetBundle) => createHash('sha256').update(bundle.sri).digest('hex').slice(0, 16);

/** The versioned URL of the widget and its SRI hash: what a page's <script type="module"> needs. */
export function widgetScript(bundle: WidgetBundle, publicUrl: string): { url: string; integrity: string } {
  return { url: `${publicUrl}/opi-checkout.js?v=${versionOf(bundle)}`, integrity: bundle.sri };
}

export function widgetAssetRoutes(bundle: WidgetBundle | undefined, publicUrl: string): Router {
  const router = Router();
  const required = (): WidgetBundle => {
    if (!bundle) throw new HttpProblem('widget_not_built', 'The widget bundle is not built (npm run build).');
    return bundle;
  };

  router.get('/opi-checkout.js', (req, res) => {
    const widget = required();
    const compressed = chooseEncoding(req.get('accept-encoding'));
    const etag = `"${versionOf(widget)}${compressed ? `-${compressed}` : ''}"`;
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    res.setHeader(
      'Cache-Control',
      req.query.v === versionOf(widget)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300, must-revalidate',
    );
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    if (compressed) res.setHeader('Content-Encoding', compressed);
    res.type('application/javascript; charset=utf-8').send(compressed ? widget.encoded[compressed] : widget.body);
  });

  router.get('/opi-checkout.js.sri', (_req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('text/plain; charset=utf-8').send(required().sri);
  });

  router.get('/v1/widget', (_req, res) => {
    const widget = required();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.json(widgetScript(widget, publicUrl));
  });

  return router;
}
