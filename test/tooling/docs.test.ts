// The generated parts of docs/ match their sources (the OpenAPI document, custom-elements.json): a route, field,
// attribute or event changed without `npm run docs` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, merchantApiTypes } from '../../scripts/generate-api-types.js';
import { GENERATED, MARKER, regenerated } from '../../scripts/generate-docs.js';

describe.each(Object.keys(GENERATED))('%s', (file) => {
  it('is what its source says, below its hand-written part', () => {
    const { current, expected } = regenerated(file);
    expect(current.indexOf(MARKER)).toBeGreaterThan(0);
    expect(current).toBe(expected);
  });
});

describe(API_TYPES_FILE, () => {
  it("is what openapi-typescript generates from the BFF's OpenAPI document", async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await merchantApiTypes());
  });
});
