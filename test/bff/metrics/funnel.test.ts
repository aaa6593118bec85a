// The conversion funnel moves as a checkout is walked: the providers a session read shows, the one chosen, the order
// placed, the shopper's signed return and the outcome, per provider and locale, in /metrics and GET /v1/funnel.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS } from '../../../shared/schemas/merchant-api.js';
import { call, createSession, json, merchant, shopper } from '../../support/checkout.js';
import { FAST_SANDBOX, followReturn } from '../../support/after-payment-harness.js';
import { STOREFRONT_ORIGIN } from '../../support/servers.js';
import { useCheckoutStack } from '../../support/stack.js';

const stack = useCheckoutStack({ sandbox: FAST_SANDBOX, between: 'settle', bff: 'none' });

/** opi_checkout_funnel_total's samples for one provider, by step. */
async function funnelSeries(metricsUrl: string, provider: string): Promise<Record<string, number>> {
  const text = (await call(metricsUrl)).text;
  const series: Record<string, number> = {};
  for (const [, step, value] of text.matchAll(
    new RegExp(`^opi_checkout_funnel_total\\{step="(\\w+)",provider="${provider}",locale="en_AE"\\} (\\d+)$`, 'gm'),
  ))
    series[step!] = Number(value);
  return series;
}

describe('the conversion funnel', () => {
  it('counts a walked checkout, step by step, in /metrics and GET /v1/funnel', async () => {
    const bff = await stack.startBff({ metrics: true });
    const id = await createSession(bff.url);
    const read = await call(`${bff.url}/v1/checkout-sessions/${id}`, { headers: { origin: STOREFRONT_ORIGIN } });
    const offered = read.body.providers.map((provider: { name: string }) => provider.name);
    expect(offered).toContain('TABBY_AE');
    // Every provider a read shows is counted, not only the one chosen later.
    const other = offered.find((name: string) => name !== 'TABBY_AE');
    expect(other).toBeDefined();
    expect(await funnelSeries(bff.metricsUrl!, 'TABBY_AE')).toEqual({ shown: 1 });

    // A provider the session does not offer is not counted anywhere: strangers choose no labels.
    const refused = await call(
      `${bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper({ bnplProvider: 'SOMEONE_ELSES' }), { origin: STOREFRONT_ORIGIN }),
    );
    expect(refused.status).toBe(422);
    const placed = await call(
      `${bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper(), { origin: STOREFRONT_ORIGIN, 'idempotency-key': 'k-1' }),
    );
    expect(placed.status).toBe(201);
    // The double submit's replay is not a second choice.
    await call(
      `${bff.url}/v1/checkout-sessions/${id}/orders`,
      json('POST', shopper(), { origin: STOREFRONT_ORIGIN, 'idempotency-key': 'k-1' }),
    );
    const { redirectTo } = await stack.sandbox.decide(placed.body.orderReference, { outcome: 'approve' });
    expect((await followReturn(redirectTo)).status).toBe(303);
    await stack.sandbox.idle();

    expect(await funnelSeries(bff.metricsUrl!, 'TABBY_AE')).toEqual({
      shown: 1,
      chosen: 1,
      placed: 1,
      returned: 1,
      paid: 1,
    });
    expect(await funnelSeries(bff.metricsUrl!, 'SOMEONE_ELSES')).toEqual({});
    expect(await funnelSeries(bff.metricsUrl!, other)).toEqual({ shown: 1 });

    const answer = await call(`${bff.url}/v1/funnel?hours=2`, { headers: merchant });
    expect(answer.status).toBe(200);
    expect(answer.body.hours).toHaveLength(2);
    const now = answer.body.hours.at(-1).providers.TABBY_AE;
    expect(Object.keys(now)).toEqual([...FUNNEL_STEPS]);
    expect(now).toMatchObject({ shown: 1, chosen: 1, placed: 1, returned: 1, paid: 1, declined: 0 });
    expect(answer.body.hours[0].providers).toEqual({});
    expect((await call(`${bff.url}/v1/funnel`)).status).toBe(401);
    expect((await call(`${bff.url}/v1/funnel?hours=25`, { headers: merchant })).body).toMatchObject({
      code: 'validation_failed',
    });
  });
});

describe('recovered payments', () => {
  it('counts a payment after declines once on the provider paid, and per decline on the one that declined', async () => {
    const bff = await stack.startBff({ metrics: true });
    const id = await createSession(bff.url);
    const place = async (provider: string, outcome: 'decline' | 'approve') => {
      const placed = await call(
        `${bff.url}/v1/checkout-sessions/${id}/orders`,
        json('POST', shopper({ bnplProvider: provider }), { origin: STOREFRONT_ORIGIN }),
      );
      expect(placed.status).toBe(201);
      await followReturn((await stack.sandbox.decide(placed.body.orderReference, { outcome })).redirectTo);
      await stack.sandbox.idle();
    };
    await place('TABBY_AE', 'decline');
    await place('TABBY_AE', 'decline');
    expect(await funnelSeries(bff.metricsUrl!, 'TABBY_AE')).toMatchObject({ declined: 2 });
    expect(await funnelSeries(bff.metricsUrl!, 'TABBY_AE')).not.toHaveProperty('declined_recovered');
    await place('TAMARA_AE', 'approve');

    expect(await funnelSeries(bff.metricsUrl!, 'TAMARA_AE')).toMatchObject({ paid: 1, recovered: 1 });
    expect(await funnelSeries(bff.metricsUrl!, 'TAMARA_AE')).not.toHaveProperty('declined_recovered');
    expect(await funnelSeries(bff.metricsUrl!, 'TABBY_AE')).toMatchObject({ declined: 2, declined_recovered: 2 });
    expect(await funnelSeries(bff.metricsUrl!, 'TABBY_AE')).not.toHaveProperty('recovered');
  });

  it('a first payment recovers nothing', async () => {
    const bff = await stack.startBff({ metrics: true });
    const id = await createSession(bff.url);
    const placed = await call(`${bff.url}/v1/checkout-sessions/${id}/orders`, json('POST', shopper()));
    await followReturn((await stack.sandbox.decide(placed.body.orderReference, { outcome: 'approve' })).redirectTo);
    await stack.sandbox.idle();
    const series = await funnelSeries(bff.metricsUrl!, 'TABBY_AE');
    expect([series.paid, series.recovered, series.declined_recovered]).toEqual([1, undefined, undefined]);
  });
});

/** The dashboard's Prometheus, chosen when it is imported (a Grafana variable, not a template string). */
const GRAFANA_VARIABLE = ['$', '{datasource}'].join('');

describe('deploy/grafana-dashboard.json', () => {
  it('charts only series the BFF exports, each panel with a title and the chosen Prometheus', async () => {
    const bff = await stack.startBff({ metrics: true });
    await createSession(bff.url).then((id) =>
      call(`${bff.url}/v1/checkout-sessions/${id}`, { headers: { origin: STOREFRONT_ORIGIN } }),
    );
    const exported = new Set(
      [...(await call(bff.metricsUrl!)).text.matchAll(/^# TYPE (\w+) /gm)].map(([, name]) => name!),
    );
    const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8'));
    const panels: { title: string; targets: { expr: string }[]; datasource: { uid: string } }[] = dashboard.panels;
    expect(panels.length).toBeGreaterThanOrEqual(10);
    const charted = new Set<string>();
    for (const panel of panels) {
      expect(panel.title.length).toBeGreaterThan(0);
      expect(panel.datasource.uid).toBe(GRAFANA_VARIABLE);
      for (const { expr } of panel.targets)
        for (const [name] of expr.matchAll(/\bopi_\w+/g)) charted.add(name.replace(/_(bucket|count|sum)$/, ''));
    }
    expect([...charted].filter((name) => !exported.has(name))).toEqual([]);
    expect(charted).toContain('opi_checkout_funnel_total');
    // Every series of the BFF's own is on the dashboard (the process's default metrics are not).
    expect([...exported].filter((name) => name.startsWith('opi_') && !charted.has(name))).toEqual([]);
  });
});
