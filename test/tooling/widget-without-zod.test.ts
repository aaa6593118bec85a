// The widget ships no zod (docs/internals/architecture.md): its form runs the shared field rules, not the shared
// schemas. A runtime import of zod anywhere in its graph would still type-check and pass its tests, so this reads the
// modules in the widget's own build, made in memory with vite.config.ts (nothing is written to dist/).
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

async function bundledModules(): Promise<string[]> {
  const result = await build({ logLevel: 'silent', build: { write: false, emptyOutDir: false } });
  if (!Array.isArray(result) && !('output' in result)) throw new Error('vite build returned a watcher');
  return [result]
    .flat()
    .flatMap(({ output }) => output)
    .flatMap((file) => (file.type === 'chunk' ? file.moduleIds : []));
}

describe("the widget's bundle", () => {
  it('holds the shared field rules and no module of zod', async () => {
    const modules = await bundledModules();
    expect(modules.some((id) => id.endsWith('/shared/field-rules.ts'))).toBe(true);
    expect(modules.filter((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))).toEqual([]);
  });
});
