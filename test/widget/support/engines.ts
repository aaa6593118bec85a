// Which engine runs this page, and the one rule for a test that cannot apply to an engine: it is skipped there,
// saying which engine and why (printed, and counted by mocha and web-test-runner as skipped), never silently.
import { sendKeys } from '@web/test-runner-commands';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** Read from the user agent, which each of the three writes its own way. */
export const engine: Engine = /Firefox\//.test(navigator.userAgent)
  ? 'firefox'
  : /Chrome\//.test(navigator.userAgent)
    ? 'chromium'
    : 'webkit';

/** Call first in a test (a `function`, for mocha's `this`): skips it in `engines`, naming the engine and the reason. */
export function notIn(test: Mocha.Context, engines: readonly Engine[], reason: string): void {
  if (!engines.includes(engine)) return;
  console.log(`skipped in ${engine}: ${test.test?.fullTitle() ?? ''}: ${reason}`);
  test.skip();
}

/**
 * Types text into the focused field. One key sequence per word: WebKitWebDriver drops every space after the first
 * within one sequence (typed "+971 50 123 4567" arrives as "+971 501234567", in any input), which is the driver's,
 * not the element's; a space pressed on its own arrives in every engine.
 */
export async function typeText(text: string): Promise<void> {
  for (const [index, word] of text.split(' ').entries()) {
    if (index > 0) await sendKeys({ press: ' ' });
    if (word) await sendKeys({ type: word });
  }
}
