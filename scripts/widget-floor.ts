// The widget's support floor, the browsers of 2022, in one place: the build's target (vite.config.ts), the compat
// check (scripts/widget-compat.ts) and docs/widget.md name these. Versions as MDN's browser-compat-data keys them.
export const FLOOR = {
  chrome: '100',
  chrome_android: '100',
  edge: '100',
  firefox: '100',
  firefox_android: '100',
  safari: '15.4',
  safari_ios: '15.4',
  samsunginternet_android: '18.0',
} as const;

/** The same floor as a browserslist query (eslint-plugin-compat). */
export const FLOOR_QUERY = [
  'chrome >= 100',
  'edge >= 100',
  'firefox >= 100',
  'safari >= 15.4',
  'ios_saf >= 15.4',
  'samsung >= 18',
];

/** As esbuild and Vite take it. */
export const FLOOR_TARGET = ['chrome100', 'edge100', 'firefox100', 'safari15.4'];
