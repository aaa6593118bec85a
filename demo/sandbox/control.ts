// The control endpoints under /__sandbox/ (no auth; a local sandbox only), mirroring the Sandbox methods so a
// test in another process, or a person with curl, can drive the sandbox.
import * as z from 'zod/mini';
import { decisionSchema } from './decisions.js';
import { parseFaultBody, parseRoute } from './faults.js';
import { decodeParam, HttpError, parseBody, type Reply } from './http.js';
import { NOTIFICATION_DIRECTIONS, NOTIFICATION_FORMS, type PortalAction, type Sandbox } from './types.js';

const ids = z
  .array(z.string({ error: 'must be text' }), { error: 'must be a list of notification ids' })
  .check(
    z.minLength(1, { error: 'must name at least one notification' }),
    z.maxLength(100, { error: 'must name at most 100' }),
  );

const sendSchema = z.object({
  ids,
  times: z.optional(
    z
      .number({ error: 'must be a number' })
      .check(
        z.int({ error: 'must be a whole number' }),
        z.gte(1, { error: 'must be at least 1' }),
        z.lte(10, { error: 'must be at most 10' }),
      ),
  ),
  delaySeconds: z.optional(
    z
      .number({ error: 'must be a number' })
      .check(z.gte(0, { error: 'must be at least 0' }), z.lte(3_600, { error: 'must be at most 3600' })),
  ),
  form: z.optional(z.enum(NOTIFICATION_FORMS, { error: `must be one of: ${NOTIFICATION_FORMS.join(', ')}` })),
});

const holdSchema = z.object({
  direction: z.enum([...NOTIFICATION_DIRECTIONS, 'all'], {
    error: `must be one of: ${NOTIFICATION_DIRECTIONS.join(', ')}, all`,
  }),
  on: z.boolean({ error: 'must be true or false' }),
});

const relaySchema = z.object({ url: z.nullable(z.string({ error: 'must be a URL or null' })) });

/** A refusal the sandbox's own methods throw (an unknown id, a form that does not apply) as the API's 400. */
function refusedAs400<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError) throw new HttpError(400, [error.message]);
    throw error;
  }
}

const failuresSchema = z.object({
  count: z
    .number({ error: 'must be a number' })
    .check(z.int({ error: 'must be a whole number' }), z.gte(0, { error: 'must be at least 0' })),
});

/** Answers a control request; `path` is the part after /__sandbox. */
export async function controlRoute(sandbox: Sandbox, method: string, path: string, body: unknown): Promise<Reply> {
  const decision = /^\/orders\/([^/]+)\/decision$/.exec(path);
  if (decision && method === 'POST') {
    return { status: 200, json: await sandbox.decide(decodeParam(decision[1] ?? ''), parseBody(decisionSchema, body)) };
  }
  const portal = /^\/orders\/([^/]+)\/portal$/.exec(path);
  if (portal && method === 'POST') {
    return { status: 200, json: await sandbox.portal(decodeParam(portal[1] ?? ''), body as PortalAction) };
  }
  const fault = /^\/faults\/([^/]+)$/.exec(path);
  if (fault && method === 'PUT') {
    const route = parseRoute(fault[1] ?? '');
    const { fault: parsed, options } = parseFaultBody(body);
    sandbox.setFault(route, parsed, options);
    return { status: 204 };
  }
  if (path === '/faults' && method === 'DELETE') {
    sandbox.clearFaults();
    return { status: 204 };
  }
  if (path === '/callback-failures' && method === 'PUT') {
    sandbox.setCallbackFailures(parseBody(failuresSchema, body).count);
    return { status: 204 };
  }
  if (path === '/notifications' && method === 'GET') {
    return { status: 200, json: { held: sandbox.heldNotifications(), notifications: sandbox.notifications } };
  }
  if (path === '/notifications/hold' && method === 'PUT') {
    const { direction, on } = parseBody(holdSchema, body);
    sandbox.holdNotifications(direction, on);
    return { status: 204 };
  }
  if (path === '/notifications/send' && method === 'POST') {
    const { ids: chosen, times, delaySeconds, form } = parseBody(sendSchema, body);
    refusedAs400(() =>
      sandbox.sendNotifications(chosen, {
        ...(times === undefined ? {} : { times }),
        ...(delaySeconds === undefined ? {} : { delayMs: delaySeconds * 1_000 }),
        ...(form === undefined ? {} : { form }),
      }),
    );
    return { status: 202 };
  }
  if (path === '/notifications/drop' && method === 'POST') {
    refusedAs400(() => sandbox.dropNotifications(parseBody(z.object({ ids }), body).ids));
    return { status: 204 };
  }
  if (path === '/relay-target' && method === 'PUT') {
    const { url } = parseBody(relaySchema, body);
    refusedAs400(() => sandbox.setRelayTarget(url ?? undefined));
    return { status: 204 };
  }
  if (path === '/journal' && method === 'GET') return { status: 200, json: sandbox.journal };
  if (path === '/deliveries' && method === 'GET') return { status: 200, json: sandbox.deliveries };
  throw new HttpError(404, `Cannot ${method} /__sandbox${path}`);
}
