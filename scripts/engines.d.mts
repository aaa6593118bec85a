// Types of engines.mjs for the TypeScript tests.
export type Engine = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINE_BINARIES: {
  firefox: { browser: string; packages: string[] };
  webkit: { browser: string; driver: string; display: string; packages: string[] };
};
export declare function selectedEngines(env?: Record<string, string | undefined>): Engine[];
export declare function findEngine(
  engine: Engine,
  exists?: (path: string) => boolean,
): { path: string } | { problem: string; missing: boolean; packages: string[] };
