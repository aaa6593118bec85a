// The shopper back from the provider: how the session's latest attempt ended, said above the form in their language,
// the provider the next attempt is made with chosen for them, the details they typed already filled in (the session's
// prefill), and an attempt still pending followed to its end. A chunk of its own, loaded by the details form only for
// a session with such an attempt, with English's words; every other language's words are a chunk each.
import type { LastAttempt } from '../../../shared/schemas/checkout-api.js';
import type { Catalogues, Say } from '../../internal/i18n.js';
import { settledWords } from '../../internal/settled-words.js';
import type { Notice } from './form-host.js';
import en from './i18n/attempt/en.js';
import type { AttemptStrings } from './i18n/attempt/strings.js';
import type { CheckoutSession } from './session-model.js';

const catalogues: Catalogues<AttemptStrings> = {
  en,
  load: {
    ar: () => import('./i18n/attempt/ar.js'),
    de: () => import('./i18n/attempt/de.js'),
    es: () => import('./i18n/attempt/es.js'),
    fil: () => import('./i18n/attempt/fil.js'),
    fr: () => import('./i18n/attempt/fr.js'),
    id: () => import('./i18n/attempt/id.js'),
    ms: () => import('./i18n/attempt/ms.js'),
    sv: () => import('./i18n/attempt/sv.js'),
    th: () => import('./i18n/attempt/th.js'),
    vi: () => import('./i18n/attempt/vi.js'),
    'zh-Hans': () => import('./i18n/attempt/zh-Hans.js'),
    'zh-Hant': () => import('./i18n/attempt/zh-Hant.js'),
  },
  words: new Map(),
};

/** The words in `language` (English where it has none), once its chunk is here. */
export const attemptWords = (language: string): Promise<AttemptStrings> => settledWords(catalogues, language);

/** Whether trying the same provider again is what the shopper would expect: they left it, or it is still deciding. */
const sameAgain = ({ outcome }: LastAttempt) =>
  outcome === 'cancelled' || outcome === 'expired' || outcome === 'pending';

/**
 * The provider the next attempt is made with: the same after a cancel, an expiry or while pending; after a decline or
 * a failure the first offered that has declined nothing, not the one that just failed (that one when it is the only).
 */
export function nextProvider({ providers }: CheckoutSession, attempt: LastAttempt): string | undefined {
  const same = providers.find((provider) => provider.name === attempt.provider);
  const other = providers.find((provider) => provider.name !== attempt.provider && !provider.declined);
  return (sameAgain(attempt) ? (same ?? other) : (other ?? same))?.name;
}

/** What the form says of the attempt: how it ended, why where the provider said, and what now. */
export function attemptNotice(
  words: AttemptStrings,
  checkout: CheckoutSession,
  attempt: LastAttempt,
  chosen: string | undefined,
): Notice {
  const next = checkout.providers.find((provider) => provider.name === chosen);
  return (_strings, say: Say) => {
    const said = [say(words.outcomes[attempt.outcome], { provider: attempt.displayName })];
    if (attempt.reason) said.push(words.reasons[attempt.reason]);
    if (attempt.outcome !== 'pending' && next)
      said.push(next.name === attempt.provider ? words.again : say(words.next, { provider: next.displayName }));
    return said.join(' ');
  };
}
