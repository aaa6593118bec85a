// The sandbox stands in for a service we do not control, so it is written from that service's docs: it may share
// money arithmetic, display names and its own demo defaults with shared/, never the BFF's request or response
// contract (otherwise the tests would only prove that the BFF agrees with itself).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SANDBOX = new URL('../../../demo/sandbox/', import.meta.url);
const ALLOWED = new Set(['money.js', 'providers.js', 'sandbox-defaults.js']);

describe('demo/sandbox', () => {
  it('imports from shared/ only money, provider display names and its own defaults', () => {
    const imports = readdirSync(SANDBOX)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(new URL(file, SANDBOX), 'utf8').matchAll(/from '\.\.\/\.\.\/shared\/([^']+)'/g)].map(
          (match) => [file, match[1]!] as const,
        ),
      );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter(([, module]) => !ALLOWED.has(module))).toEqual([]);
  });
});
