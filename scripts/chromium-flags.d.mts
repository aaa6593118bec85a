// Types of chromium-flags.mjs for the TypeScript tests.
export declare const CHROMIUM_ARGS: string[];
