// Part of `npm run build`: writes a .br and a .gz beside every module of dist/widget, which the BFF serves to
// browsers that accept them (bff/http/widget-asset.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ENCODING_SUFFIX, encodeWidget, type WidgetEncoding } from '../bff/http/widget-encodings.js';

const FOLDER = new URL('../dist/widget/', import.meta.url);
for (const name of readdirSync(FOLDER).filter((file) => file.endsWith('.js'))) {
  const file = new URL(name, FOLDER);
  const body = readFileSync(file);
  const encoded = encodeWidget(body);
  for (const [encoding, bytes] of Object.entries(encoded) as [WidgetEncoding, Buffer][]) {
    writeFileSync(new URL(`${name}${ENCODING_SUFFIX[encoding]}`, FOLDER), bytes);
  }
  process.stdout.write(
    `${name} precompressed: ${body.length} bytes, brotli ${encoded.br.length}, gzip ${encoded.gzip.length}\n`,
  );
}
