// The docs' example payloads (fixtures/*.json), read once for the conformance tests.
import { readFileSync } from 'node:fs';

// Each file's shape is documented in fixtures/README.md; tests index into them as JSON.
type Json = any;

export function docsFixture(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json;
}

/** The keys of an object, sorted: the docs' shape without its values. */
export const keysOf = (value: object): string[] => Object.keys(value).sort();
