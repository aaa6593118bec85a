// The control endpoints under /__sandbox/ (no auth; a local sandbox only), mirroring the Sandbox methods so a
// test in another process, or a person with curl, can drive the sandbox.
import * as z from 'zod/mini';
import { decisionSchema } from './decisions.js';
import { parseFaultBody, parseRoute } from './faults.js';
import { decodeParam, HttpError, parseBody, type Reply } from './http.js';
import type { PortalAction, Sandbox } from './types.js';

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
  if (path === '/journal' && method === 'GET') return { status: 200, json: sandbox.journal };
  if (path === '/deliveries' && method === 'GET') return { status: 200, json: sandbox.deliveries };
  throw new HttpError(404, `Cannot ${method} /__sandbox${path}`);
}
