// @ts-check
// The fonts the widget's languages need on the machine that runs the browser tests: every language we ship must be
// drawn (test/widget/languages.test.ts and amounts.test.ts look for missing glyphs), and a bare Debian has fonts
// for Latin, Greek and Cyrillic only. Found through fontconfig, which all three engines draw with on Linux.
import { spawnSync } from 'node:child_process';

/** A script's sample language for fontconfig, and the Debian package that brings a font for it. */
const FONTS = [
  { script: 'Arabic', lang: 'ar', package: 'fonts-noto-core' },
  { script: 'Thai', lang: 'th', package: 'fonts-noto-core' },
  { script: 'Vietnamese', lang: 'vi', package: 'fonts-noto-core' },
  { script: 'Simplified Chinese', lang: 'zh-cn', package: 'fonts-wqy-microhei' },
  { script: 'Traditional Chinese', lang: 'zh-tw', package: 'fonts-wqy-microhei' },
];

/**
 * The scripts no installed font covers, with the packages that would; undefined when fontconfig is not there to
 * ask (the tests then find out for themselves).
 * @param {(lang: string) => string | undefined} list fontconfig's families for a language
 */
export function missingFonts(list = fcList) {
  const missing = [];
  for (const font of FONTS) {
    const families = list(font.lang);
    if (families === undefined) return undefined;
    if (!families.trim()) missing.push(font);
  }
  return missing;
}

/** @param {string} lang */
function fcList(lang) {
  const run = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
  return run.error ? undefined : run.stdout;
}
