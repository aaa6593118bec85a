// Runs one schedule: every story at once (a shopper's checkout, then the merchant's refunds, captures and voids),
// faults aimed at each story's order, instances killed and the database restarted on the schedule's clock; then
// quiescence (the upstream finalises everything, the reconcilers run to a fixed point) and the check.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { Fault } from '../../demo/sandbox/types.js';
import { callbackUrlOf } from '../support/after-payment-harness.js';
import { call, cart, json, merchant, shopper, type Answer } from '../support/checkout.js';
import { waitUntil } from '../support/wait.js';
import { checkConvergence, type StoryTrace } from './check.js';
import type { OperationStep, Schedule, Story, WriteFault } from './schedule.js';
import { CLOCK_JUMP_MS, UPSTREAM_TIMEOUT_MS, type World } from './world.js';

function faultOf(fault: Exclude<WriteFault, 'none'>): Fault {
  switch (fault) {
    case 'lost-answer':
      return { kind: 'lost-answer' };
    case 'status-500':
      return { kind: 'status', status: 500 };
    case 'hang':
      return { kind: 'hang' };
    case 'late':
      return { kind: 'latency', ms: UPSTREAM_TIMEOUT_MS + 300 };
  }
}

/** One request to a live instance; a connection cut by a kill reads as status 0 (an answer lost). */
async function send(world: World, path: string, init: RequestInit = {}): Promise<Answer> {
  const instance = world.instance();
  try {
    const answer = await call(`${instance.bff.url}${path}`, init);
    if (answer.status === 500 && instance.alive)
      world.internalErrors.push(`${init.method ?? 'GET'} ${path}: ${answer.text}`);
    return answer;
  } catch {
    return { status: 0, headers: new Headers(), body: undefined, text: '' };
  }
}

/** Whether the answer leaves the request's outcome open: lost, a 5xx, or a refund whose outcome is unknown. */
const unsettled = (answer: Answer) =>
  answer.status === 0 || answer.status >= 500 || answer.body?.upstreamOutcome === 'unknown';

/** The same request (Idempotency-Key and all) sent again while its outcome is open, as a careful client does. */
async function withRetries(attempts: number, request: () => Promise<Answer>): Promise<Answer> {
  let answer = await request();
  for (let i = 1; i < attempts && unsettled(answer); i++) {
    await sleep(30);
    answer = await request();
  }
  return answer;
}

async function runOperation(world: World, reference: string, step: OperationStep): Promise<void> {
  if (step.kind === 'portal-refund') {
    // By hand in the portal: refused there like any refund beyond what is left, and nothing tells the BFF.
    await world.sandbox.portal(reference, { kind: 'refund', amount: Number(step.amountMinor) / 100 }).catch(() => null);
    return;
  }
  let amountMinor = step.amountMinor;
  if (step.kind === 'refund' && amountMinor === 'rest') {
    const read = await send(world, `/v1/orders/${reference}`, { headers: merchant });
    amountMinor = Math.round((read.body?.refundableAmount ?? 0) * 100);
    if (amountMinor <= 0) return;
  }
  const body = amountMinor === 'rest' ? {} : { amount: amountMinor / 100 };
  if (step.fault !== 'none') world.sandbox.setFault(step.kind, faultOf(step.fault), { times: 1, reference });
  const path = `/v1/orders/${reference}/${step.kind === 'refund' ? 'refunds' : step.kind}`;
  const init = json('POST', body, { ...merchant, 'idempotency-key': randomUUID() });
  await withRetries(step.retry ? 2 : 1, () => send(world, path, init));
}

async function runStory(world: World, story: Story): Promise<StoryTrace> {
  const created = await withRetries(3, () =>
    send(
      world,
      '/v1/checkout-sessions',
      json(
        'POST',
        cart({
          orderItems: [
            {
              name: 'Linen shirt',
              sku: 'LS-1',
              quantity: 1,
              unitPrice: story.priceMinor / 100,
              totalAmount: story.priceMinor / 100,
            },
          ],
          shippingAmount: 0,
          taxAmount: 0,
          autoCapture: story.autoCapture,
          cancellationTimeout: 1,
        }),
        merchant,
      ),
    ),
  );
  if (created.status !== 201) return { sessionId: null };
  const sessionId = created.body.id as string;
  const session = await world.options.db.store.sessions.get(sessionId);
  if (story.createFault !== 'none') {
    world.sandbox.setFault('create-order', faultOf(story.createFault), {
      times: 1,
      reference: `${session!.orderPrefix}-1`,
    });
  }
  const placeInit = json('POST', shopper(), { 'idempotency-key': randomUUID() });
  const placed = await withRetries(3, () => send(world, `/v1/checkout-sessions/${sessionId}/orders`, placeInit));
  if (placed.status !== 201) return { sessionId };
  const reference = placed.body.orderReference as string;

  if (story.outcome !== 'abandon') {
    const decided = await world.sandbox
      .decide(reference, { outcome: story.outcome, mode: story.mode })
      .catch(() => null);
    if (decided && story.returns)
      await send(world, new URL(world.rebase(decided.redirectTo)).pathname + new URL(decided.redirectTo).search, {
        redirect: 'manual',
      });
  }
  for (let i = 0; i < story.staleCallbacks; i++) {
    const url = world.rebase(callbackUrlOf(world.sandbox, reference));
    const status = ['PENDING', 'SUCCESSFUL', 'CANCELLED'][i % 3];
    await send(
      world,
      new URL(url).pathname,
      json('POST', { event: 'ORDER_ASYNC_CALLBACK', data: { merchantReference: reference, status } }),
    );
  }
  if (story.operations.length > 0) {
    if (story.mode === 'pending') await sleep(150);
    // The merchant reads the order first (the ledger learns it is paid even when every callback was lost).
    await send(world, `/v1/orders/${reference}`, { headers: merchant });
    for (let i = 0; i < story.operations.length; i++) {
      const batch = [story.operations[i]!];
      while (story.operations[i]!.withNext && i + 1 < story.operations.length) batch.push(story.operations[++i]!);
      await Promise.all(batch.map((step) => runOperation(world, reference, step)));
    }
  }
  return { sessionId };
}

/** Every order final upstream, every late write landed, then the reconcilers run until nothing is due. */
export async function quiesce(world: World): Promise<void> {
  const { sandbox } = world;
  sandbox.clearFaults();
  sandbox.setCallbackFailures(0);
  await waitUntil(
    () =>
      sandbox
        .records()
        .every((order) => order.status !== 'PENDING' && order.refunds.every((refund) => refund.status !== 'PENDING')),
    15_000,
  );
  // Writes held by a latency fault land (the sandbox answers them in its own time), callbacks and settlements finish,
  // and the reads the callbacks started in the BFF, which outlive their answers, end.
  await sandbox.idle();
  await world.readsSettled();
  for (let step = 0; step < 6; step++) {
    world.clock.advance(2 * 60_000);
    for (let rounds = 0; rounds < 50 && (await world.reconcileRound()) > 0; rounds++);
  }
}

/** The merchant looks at each order, as the check does: its view must hold what the upstream holds. */
async function merchantReads(world: World, traces: readonly StoryTrace[]): Promise<void> {
  for (const { sessionId } of traces) {
    if (!sessionId) continue;
    for (const order of await world.options.db.store.orders.listOfSession(sessionId))
      await send(world, `/v1/orders/${order.orderReference}`, { headers: merchant });
  }
}

/** Runs a schedule in `world`; answers what did not converge (empty when everything did). */
export async function runSchedule(world: World, schedule: Schedule): Promise<string[]> {
  await world.begin(schedule.seed, schedule.droppedCallbacks, schedule.upstream);
  try {
    const disruptions = [
      ...schedule.kills.map((at) => sleep(at).then(() => world.killOne())),
      ...schedule.databaseRestarts.map((at) => sleep(at).then(() => world.restartDatabase())),
      ...schedule.clockJumps.map((at) =>
        sleep(at).then(async () => {
          world.clock.advance(CLOCK_JUMP_MS);
          await world.reconcileRound();
        }),
      ),
    ];
    const traces = await Promise.all(schedule.stories.map((story) => runStory(world, story)));
    await Promise.all(disruptions);
    await quiesce(world);
    await merchantReads(world, traces);
    // A merchant's read may have joined a read a notice started: the check looks once that one has landed.
    await world.readsSettled();
    return [...world.internalErrors.splice(0), ...(await checkConvergence(world, traces))];
  } finally {
    await world.end();
  }
}
