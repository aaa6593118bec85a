// Types of webkit-driver.mjs for the TypeScript tests.
export declare const WEBKIT_CAPABILITIES: Record<string, unknown>;
export declare function startWebKitDriver(): Promise<{ port: number; stop: () => void }>;
