// Types of browser.mjs for the TypeScript tests.
export declare const KNOWN_LOCATIONS: Record<string, string[]>;
export declare function installAdvice(platform: string): string;
export type BrowserSearch = { path: string } | { problem: string; missing: boolean };
export declare function findBrowser(where: {
  env: Record<string, string | undefined>;
  platform: string;
  exists: (path: string) => boolean;
  otherInstallations?: () => string[];
  playwrightPath?: () => string | undefined;
}): BrowserSearch;
export declare function findBrowserHere(): BrowserSearch;
export declare function browserPath(): string;
export declare function canInstallWithApt(
  read?: (path: string) => string,
  exists?: (path: string) => boolean,
  uid?: number,
): boolean;
