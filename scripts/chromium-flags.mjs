// @ts-check
// How every browser test starts Chromium (the one scripts/browser.mjs finds): headless, with these flags. Plain
// JavaScript so that web-test-runner.config.mjs can import it as well.

/** No sandbox (containers), no GPU, no QUIC, and no background traffic of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
