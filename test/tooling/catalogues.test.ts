// The catalogues we ship and the check that fails the build when one is wrong (scripts/check-catalogues.ts, run
// by `npm run build`): every key of English, the same placeholders, plural forms the language has, the glossary's
// payment words; and the message format every element speaks with.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { checkShippedCatalogues, glossaryProblems } from '../../scripts/check-catalogues.js';
import { fallbacks, isRightToLeft, LANGUAGES } from '../../shared/languages.js';
import de from '../../widget/components/opi-checkout/i18n/de.js';
import { en } from '../../widget/components/opi-checkout/i18n/en.js';
import enForm from '../../widget/components/opi-checkout/i18n/en-form.js';
import { catalogues as checkoutCatalogues } from '../../widget/components/opi-checkout/i18n/index.js';
import { catalogues as instalmentCatalogues } from '../../widget/components/opi-instalments/i18n/index.js';
import { GLOSSARIES } from '../../widget/glossary/index.js';
import { checkCatalogue } from '../../widget/internal/catalogue-check.js';
import type { Strings } from '../../widget/components/opi-checkout/i18n/index.js';
import { format, withOverrides } from '../../widget/internal/i18n.js';

/** The checkout's English whole: its first paint's words and, from their chunk, its form's. */
const english = withOverrides(en as Strings, enForm);

describe('the catalogues we ship', () => {
  it('has every language in both elements and the BFF pages, complete and true to its glossary', async () => {
    for (const catalogues of [checkoutCatalogues, instalmentCatalogues])
      expect(Object.keys(catalogues.load).sort()).toEqual(LANGUAGES.filter((language) => language !== 'en').sort());
    const reports = await checkShippedCatalogues();
    // The checkout's, its words after an attempt and for plan costs, the instalments', the BFF's pages.
    expect(reports).toHaveLength(LANGUAGES.length * 5);
    expect(reports.flatMap(({ name, language, problems }) => problems.map((p) => `${name} ${language}: ${p}`))).toEqual(
      [],
    );
  });

  it('fails the build on a catalogue that is not there, and passes on those that are', () => {
    const run = (...languages: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-catalogues.ts', ...languages], {
        encoding: 'utf8',
      });
    const good = run('th', 'zh-Hant');
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('catalogues: 10 checked, 0 problems');
    const bad = run('xx');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('catalogues: opi-checkout xx: no catalogue');
  });

  it('finds a missing key, a placeholder that differs from English, and a plural form the language has not', () => {
    const broken = {
      ...de,
      retry: undefined,
      pay: '{amount} bezahlen',
      plan: '{count} × {amount} {extra}',
      fixFields: { one: '{count} Feld', few: '{count} Felder', other: '{count} Felder' },
      fields: { ...de.fields, city: { other: 'Ort' } },
    };
    delete broken.retry;
    const { problems } = checkCatalogue(english, broken, 'de', true);
    expect(problems).toEqual(
      expect.arrayContaining([
        'retry: missing',
        'pay: {provider} missing',
        'plan: {extra} is not a placeholder of this message ({amount}, {count})',
        'fixFields: de has no plural form few',
        'fields.city: plural forms need a {count}; this is a plain text',
      ]),
    );
    expect(checkCatalogue(english, de, 'de', true).problems).toEqual([]);
  });

  it('finds a payment word written otherwise than the glossary says', () => {
    const problems = glossaryProblems(english, { ...de, billingLegend: 'Adresse für die Abrechnung' }, GLOSSARIES.de);
    expect(problems).toEqual([expect.stringMatching(/^billingLegend: "billing address" is written /)]);
  });
});

describe('messages', () => {
  it('fills placeholders, writes numbers in the locale’s digits, and picks the plural form for {count}', () => {
    const fields = { one: '{count} field needs your attention.', other: '{count} fields need your attention.' };
    expect(format(fields, { count: 1 }, 'en')).toBe('1 field needs your attention.');
    expect(format(fields, { count: 1200 }, 'en')).toBe('1,200 fields need your attention.');
    expect(format('{count} × {amount}', { count: 4, amount: 'ر.س.‏ ٢٥' }, 'ar-SA')).toBe('٤ × ر.س.‏ ٢٥');
    expect(format({ one: 'ein Feld', other: '{count} Felder' }, { count: 3 }, 'de')).toBe('3 Felder');
    expect(format('Pay {amount} with {provider}', { amount: 'AED 1' }, 'en'), 'an unfilled placeholder stays').toBe(
      'Pay AED 1 with {provider}',
    );
  });

  it('finds a language by region, then script, then language; and knows which are written right to left', () => {
    expect(fallbacks('zh-TW')).toEqual(['zh-TW', 'zh-Hant', 'zh']);
    expect(fallbacks('zh-SG')).toEqual(['zh-SG', 'zh-Hans', 'zh']);
    expect(fallbacks('ar-SA-u-nu-latn')).toEqual(['ar-SA', 'ar-Arab', 'ar']);
    expect(fallbacks('fil')).toEqual(['fil', 'fil-Latn']);
    expect(['ar', 'fa', 'he', 'ur', 'ps', 'ckb'].filter(isRightToLeft)).toHaveLength(6);
    expect(['en', 'th', 'zh-Hant', 'vi', 'ar-Latn'].some(isRightToLeft)).toBe(false);
  });
});
