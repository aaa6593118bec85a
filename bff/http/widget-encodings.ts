// The widget's compressed forms: brotli (best quality) and gzip (level 9). `npm run build` writes them beside the
// bundle (scripts/precompress-widget.ts) so that a server starts without spending ~100 ms on brotli; a server that
// finds them missing or not matching the bundle (an older build) makes them itself.
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync, gunzipSync } from 'node:zlib';
import { weightedList } from '../lib/weighted-list.js';

export type WidgetEncoding = 'br' | 'gzip';

export const ENCODING_SUFFIX: Record<WidgetEncoding, string> = { br: '.br', gzip: '.gz' };

const compress: Record<WidgetEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

const decompress: Record<WidgetEncoding, (encoded: Buffer) => Buffer> = {
  br: (encoded) => brotliDecompressSync(encoded),
  gzip: (encoded) => gunzipSync(encoded),
};

export function encodeWidget(body: Buffer): Record<WidgetEncoding, Buffer> {
  return { br: compress.br(body), gzip: compress.gzip(body) };
}

/** The given compressed forms that decode to `body`, and the others made now. */
export function checkedEncodings(
  body: Buffer,
  given: Partial<Record<WidgetEncoding, Buffer>>,
): Record<WidgetEncoding, Buffer> {
  const valid = (encoding: WidgetEncoding) => {
    const encoded = given[encoding];
    try {
      return encoded && decompress[encoding](encoded).equals(body) ? encoded : undefined;
    } catch {
      return undefined;
    }
  };
  return { br: valid('br') ?? compress.br(body), gzip: valid('gzip') ?? compress.gzip(body) };
}

/**
 * The form to send for an Accept-Encoding header: brotli when accepted at least as much as gzip (browsers list gzip
 * first at the same weight, and brotli is smaller), then gzip, else none.
 */
export function chooseEncoding(acceptEncoding: string | undefined): WidgetEncoding | undefined {
  const weights = new Map(weightedList(acceptEncoding).map(({ value, q }) => [value.toLowerCase(), q]));
  const weight = (name: WidgetEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : undefined;
}
