// The BFF's OpenAPI document under Redocly's recommended ruleset, as a merchant's tooling would run it: no error,
// and no warning but the one explained here.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../bff/routes/openapi.js';

/** Warnings the document keeps on purpose, each with its reason. */
const EXPLAINED: Record<string, string> = {
  // The shopper's return is a redirect by its nature: success is a 303 to the merchant's page.
  'operation-2xx-response #/paths/~1v1~1returns~1{orderReference}/get/responses': 'the return answers 303',
};

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended ruleset", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const source = JSON.stringify(buildOpenApiDocument('https://checkout.shop.test'));
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    const unexplained = problems.filter(
      (problem) => problem.severity === 'error' || !(`${problem.ruleId} ${problem.location[0]?.pointer}` in EXPLAINED),
    );
    expect(unexplained.map((problem) => found[problems.indexOf(problem)])).toEqual([]);
    // Each explanation still matches a warning: none is kept after its cause is gone.
    expect(problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`).sort()).toEqual(
      Object.keys(EXPLAINED).sort(),
    );
  });

  it('names every operation and says who may call it', () => {
    const document = buildOpenApiDocument('https://checkout.shop.test');
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const operation of operations) expect(Array.isArray(operation.security)).toBe(true);
    expect(
      operations.filter((operation) => operation.security.length > 0).map((operation) => operation.operationId),
    ).toEqual([
      'createCheckoutSession',
      'updateCheckoutSessionCart',
      'listOrders',
      'getOrder',
      'listRefunds',
      'refundOrder',
      'resendOrderNotification',
      'captureOrder',
      'voidOrder',
      'listEvents',
      'getFunnel',
    ]);
  });
});
