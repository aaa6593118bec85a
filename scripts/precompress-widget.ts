// Part of `npm run build`: writes dist/widget/opi-checkout.js.br and .gz, which the BFF serves to browsers that
// accept them (bff/http/widget-asset.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { ENCODING_SUFFIX, encodeWidget, type WidgetEncoding } from '../bff/http/widget-encodings.js';

const BUNDLE = new URL('../dist/widget/opi-checkout.js', import.meta.url);
const body = readFileSync(BUNDLE);
const encoded = encodeWidget(body);
for (const [encoding, bytes] of Object.entries(encoded) as [WidgetEncoding, Buffer][]) {
  writeFileSync(new URL(`opi-checkout.js${ENCODING_SUFFIX[encoding]}`, BUNDLE), bytes);
}
process.stdout.write(
  `widget precompressed: ${body.length} bytes, brotli ${encoded.br.length}, gzip ${encoded.gzip.length}\n`,
);
