// The docs' example payloads (fixtures/*.json), read once for the conformance tests.
import { readFileSync } from 'node:fs';

// Each file's shape is documented in fixtures/README.md; tests index into them as JSON.
type Json = any;

function docsFixture(name: string): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json;
}

/** Every fixture file, by operation. */
export const docs = {
  token: docsFixture('token'),
  options: docsFixture('options'),
  createOrder: docsFixture('create-order'),
  orderStatus: docsFixture('order-status'),
  details: docsFixture('transaction-details'),
  capture: docsFixture('capture'),
  voids: docsFixture('void'),
  refund: docsFixture('refund'),
  notifications: docsFixture('notifications'),
  errors: docsFixture('errors'),
  redirect: docsFixture('redirect'),
};

/** The keys of an object, sorted: the docs' shape without its values. */
export const keysOf = (value: object): string[] => Object.keys(value).sort();
