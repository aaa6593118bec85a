// The built widget family, served to any storefront: cross-origin readable (module scripts and SRI need CORS).
// Each element is one module at a stable URL (/opi-checkout.js, /opi-instalments.js) with its SRI hash published;
// the chunks they import (what the elements share, a language's strings) have content-hashed names, so they are
// cached as immutable. Local choice: the entry URL published at /v1/widget carries `?v=<hash>`, and only that
// versioned URL is cached as immutable for a year; the bare URL is cached briefly and revalidated by ETag, so a new
// build can never be hidden behind a year-old copy whose hash no longer matches the page's integrity attribute.
// Served brotli or gzip compressed to the browsers that accept it, each form with its own ETag.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { DomainError } from '../domain/errors.js';
import { chunkImports, fetchedWithFirstRead } from './widget-imports.js';
import { checkedEncodings, chooseEncoding, ENCODING_SUFFIX, type WidgetEncoding } from './widget-encodings.js';
import { ELEMENT, operation, TEXT } from './openapi-operation.js';

export const WIDGET_ELEMENTS = ['opi-checkout', 'opi-instalments'] as const;
export type WidgetElement = (typeof WIDGET_ELEMENTS)[number];

export interface WidgetFile {
  body: Buffer;
  /** sha384-<base64>, the value of an integrity attribute. */
  sri: string;
  encoded: Record<WidgetEncoding, Buffer>;
}

/** The files the BFF serves, by name (opi-checkout.js, opi-shared-<hash>.js, ...). */
export type WidgetBundle = ReadonlyMap<string, WidgetFile>;

/** A file with its compressed forms: those given when they match it, made now otherwise. */
function widgetFile(body: Buffer, encoded: Partial<Record<WidgetEncoding, Buffer>> = {}): WidgetFile {
  return {
    body,
    sri: `sha384-${createHash('sha384').update(body).digest('base64')}`,
    encoded: checkedEncodings(body, encoded),
  };
}

type Given = Buffer | { body: Buffer; encoded: Partial<Record<WidgetEncoding, Buffer>> };

/** A bundle from files in memory, by name, with compressed forms when known (tests). */
export function widgetBundleFrom(files: Record<string, Given>): WidgetBundle {
  return new Map(
    Object.entries(files).map(([name, given]) => [
      name,
      Buffer.isBuffer(given) ? widgetFile(given) : widgetFile(given.body, given.encoded),
    ]),
  );
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
const BUNDLE_LOCATIONS = ['../widget/', '../../dist/widget/'];

/**
 * The built elements and every chunk they reach, or undefined when the widget is not built. Only what the entries
 * import is read: an older build's chunks left in the folder are not served.
 */
export function readWidgetBundle(): WidgetBundle | undefined {
  for (const location of BUNDLE_LOCATIONS) {
    const folder = new URL(location, import.meta.url);
    const files = new Map<string, WidgetFile>();
    const queue: string[] = WIDGET_ELEMENTS.map((element) => `${element}.js`);
    let complete = true;
    for (let name = queue.pop(); name && complete; name = queue.pop()) {
      if (files.has(name)) continue;
      const url = new URL(name, folder);
      const body = readIfThere(url);
      complete = body !== undefined;
      if (!body) continue;
      files.set(
        name,
        widgetFile(body, {
          br: readIfThere(new URL(`${url.href}${ENCODING_SUFFIX.br}`)),
          gzip: readIfThere(new URL(`${url.href}${ENCODING_SUFFIX.gzip}`)),
        }),
      );
      const { loaded, onDemand } = chunkImports(body.toString('utf8'));
      queue.push(...loaded, ...onDemand);
    }
    if (complete) return files;
  }
  return undefined;
}

const versionOf = (file: WidgetFile) => createHash('sha256').update(file.sri).digest('hex').slice(0, 16);

export interface WidgetScript {
  url: string;
  integrity: string;
}

/** An element's versioned URL and SRI hash: what a page's <script type="module"> needs. */
export function widgetScript(
  bundle: WidgetBundle,
  publicUrl: string,
  element: WidgetElement = 'opi-checkout',
): WidgetScript | undefined {
  const file = bundle.get(`${element}.js`);
  return file && { url: `${publicUrl}/${element}.js?v=${versionOf(file)}`, integrity: file.sri };
}

/**
 * What a page may preload with an element (`<link rel="modulepreload">`), each with its SRI hash: the chunks it
 * imports, and those it asks for with its first read, so none waits for the module that asks for it.
 */
function preloadOf(bundle: WidgetBundle, publicUrl: string, element: WidgetElement): WidgetScript[] {
  const found = new Set<string>();
  const queue = [`${element}.js`];
  for (let name = queue.shift(); name; name = queue.shift()) {
    const file = bundle.get(name);
    if (!file) continue;
    const { loaded, onDemand } = chunkImports(file.body.toString('utf8'));
    for (const chunk of [...loaded, ...onDemand.filter((each) => fetchedWithFirstRead(element, each))]) {
      if (found.has(chunk) || !bundle.has(chunk)) continue;
      found.add(chunk);
      queue.push(chunk);
    }
  }
  return [...found].map((name) => ({ url: `${publicUrl}/${name}`, integrity: bundle.get(name)!.sri }));
}

/** The chunks' SRI hashes by URL: the `integrity` of a page's import map, so the chunks are checked too. */
function chunkIntegrity(bundle: WidgetBundle, publicUrl: string): Record<string, string> {
  const entries = new Set(WIDGET_ELEMENTS.map((element) => `${element}.js`));
  return Object.fromEntries(
    [...bundle].filter(([name]) => !entries.has(name)).map(([name, file]) => [`${publicUrl}/${name}`, file.sri]),
  );
}

/** What a page needs to embed an element: its script, what to preload with it, and the chunks' import map. */
export interface WidgetEmbed {
  script: WidgetScript;
  preload: WidgetScript[];
  importMap: { integrity: Record<string, string> };
}

export function widgetEmbed(bundle: WidgetBundle, publicUrl: string, element: WidgetElement): WidgetEmbed | undefined {
  const script = widgetScript(bundle, publicUrl, element);
  return (
    script && {
      script,
      preload: preloadOf(bundle, publicUrl, element),
      importMap: { integrity: chunkIntegrity(bundle, publicUrl) },
    }
  );
}

export function widgetAssetRoutes(bundle: WidgetBundle | undefined, publicUrl: string): Router {
  const router = Router();
  const built = (): WidgetBundle => {
    if (!bundle) throw new DomainError('widget_not_built', 'The widget bundle is not built (npm run build).');
    return bundle;
  };
  const required = (name: string): WidgetFile => {
    const file = built().get(name);
    if (!file) throw new DomainError('not_found', 'No such route.');
    return file;
  };
  const isElement = (name: string) => (WIDGET_ELEMENTS as readonly string[]).includes(name.replace(/\.js$/, ''));

  router.get('/opi-:name.js', (req, res) => {
    const name = `opi-${req.params.name}.js`;
    const file = required(name);
    const compressed = chooseEncoding(req.get('accept-encoding'));
    const etag = `"${versionOf(file)}${compressed ? `-${compressed}` : ''}"`;
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', etag);
    // A chunk's name is its content's hash; an element's stable URL is immutable only with its version.
    res.setHeader(
      'Cache-Control',
      !isElement(name) || req.query.v === versionOf(file)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=300, must-revalidate',
    );
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    if (compressed) res.setHeader('Content-Encoding', compressed);
    res.type('application/javascript; charset=utf-8').send(compressed ? file.encoded[compressed] : file.body);
  });

  router.get('/opi-:name.js.sri', (req, res) => {
    const name = `opi-${req.params.name}.js`;
    const { sri } = required(name);
    // Published for the elements a page loads by itself; a chunk's is in /v1/widget's import map.
    if (!isElement(name)) throw new DomainError('not_found', 'No such route.');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('text/plain; charset=utf-8').send(sri);
  });

  router.get('/v1/widget', (_req, res) => {
    const files = built();
    const scripts = Object.fromEntries(
      WIDGET_ELEMENTS.flatMap((element) => {
        const embed = widgetEmbed(files, publicUrl, element);
        return embed ? [[element, { ...embed.script, preload: embed.preload }]] : [];
      }),
    );
    res.setHeader('Access-Control-Allow-Origin', '*');
    // The checkout's script at the top level too, as before the family had two elements.
    res.json({
      ...scripts['opi-checkout'],
      elements: scripts,
      importMap: { integrity: chunkIntegrity(files, publicUrl) },
    });
  });

  return router;
}

/** These routes in the OpenAPI document (bff/routes/openapi.ts assembles it). */
export const widgetAssetPaths = () => ({
  '/opi-{name}.js': {
    get: operation({
      operationId: 'getWidgetScript',
      summary:
        'An element of the widget (opi-checkout.js, opi-instalments.js; see /v1/widget for their versioned URLs and SRI hashes) or a chunk they import (content-hashed name, immutable)',
      params: ELEMENT,
      answers: [
        {
          status: 200,
          description: 'The script (brotli or gzip when accepted)',
          content: TEXT('application/javascript'),
        },
        { status: 304, description: 'Not modified (If-None-Match matched its ETag)' },
      ],
      problems: ['not_found', 'widget_not_built'],
    }),
  },
  '/opi-{name}.js.sri': {
    get: operation({
      operationId: 'getWidgetScriptIntegrity',
      summary: "An element's SRI hash (sha384-...), as text: /opi-checkout.js.sri, /opi-instalments.js.sri",
      params: { name: 'checkout or instalments' },
      answers: [
        {
          status: 200,
          description: 'The hash',
          content: TEXT('text/plain', { type: 'string', pattern: '^sha384-' }),
        },
      ],
      problems: ['not_found', 'widget_not_built'],
    }),
  },
  '/v1/widget': {
    get: operation({
      operationId: 'getWidgetBuild',
      summary:
        'The current widget build: { url, integrity, preload } of `<opi-checkout>`, the same per element under `elements` (`preload`: the chunks it imports and those it asks for with its first read, each { url, integrity }, for `<link rel="modulepreload">`), and `importMap` ({ integrity: { chunk URL: hash } }), to render the page\'s script tags',
      answers: [{ status: 200, description: 'The build', json: 'Widget' }],
      problems: ['widget_not_built'],
    }),
  },
});
