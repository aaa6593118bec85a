// Ledger errors in log lines: a driver's error carries the failed statement's parameters (PGlite: `params`,
// `query`) or the start of the value it choked on (PostgreSQL: `where`, `detail`). The BFF's error serializer keeps
// what helps a person and none of that, on both drivers.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createLogger, withSafetyNet } from '../../../bff/logger.js';
import { storeDrivers, useTestStore } from '../../support/store.js';

const SESSION = 'cs_OnlyTheWidgetKnowsThisOne';
const EMAIL = 'amal.personal@example.com';

describe.each(storeDrivers())('ledger errors in logs on $name', ({ open }) => {
  const t = useTestStore(open);

  it("never carry the statement's parameters or the value that failed", async () => {
    const failed: unknown = await t.driver
      .query('select $1::text as id, $2::jsonb as prefill', [
        SESSION,
        `{"customer": {"email": "${EMAIL}", "firstName": "Amal`,
      ])
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    // The driver's own error holds the personal data (so this test could fail)...
    const raw = JSON.stringify(Object.fromEntries(Object.entries(failed as object)));
    expect(raw.includes(EMAIL) || raw.includes(SESSION)).toBe(true);

    // ...and a log line of it does not, nested as a cause or not: from the BFF's logger, and from a host's own logger
    // given to createCheckoutRouter (pino's defaults would copy every field of the error).
    const lines: string[] = [];
    const write = (line: string) => void lines.push(line);
    for (const logger of [createLogger('info', { write }), withSafetyNet(pino({}, { write }))]) {
      logger.error({ err: failed }, 'the ledger could not be written');
      logger.warn({ err: new Error('create failed', { cause: failed }) }, 'with a cause');
      logger.info({ customer: { email: EMAIL } }, 'a field that slipped in');
    }
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line).not.toContain(EMAIL);
      expect(line).not.toContain(SESSION);
      if (!line.includes('"err"')) continue;
      expect(JSON.parse(line).err).toMatchObject({
        type: expect.any(String),
        message: expect.any(String),
        stack: expect.any(String),
      });
    }
    expect(JSON.parse(lines[0]!).err.code).toBe((failed as { code?: string }).code);
  });
});
