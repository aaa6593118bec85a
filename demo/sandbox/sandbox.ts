// createSandbox(options): the local stand-in for the upstream Order Payment Integration service, a real HTTP server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenIssuer } from './auth.js';
import type { SandboxContext } from './context.js';
import { CustomerSessions } from './customer-sessions.js';
import { decide, decisionSchema } from './decisions.js';
import { createConsole } from './console.js';
import { createDispatcher } from './dispatch.js';
import { FaultTable } from './faults.js';
import { Notifications } from './notifications.js';
import { parseBody } from './http.js';
import { requireOrder } from './order-view.js';
import { portalAction, portalActionSchema } from './portal.js';
import { sandboxRandom } from './random.js';
import { orderRecords } from './records.js';
import { Scheduler } from './scheduler.js';
import { httpUrl, resolveSettings } from './settings.js';
import { OrderStore } from './store.js';
import {
  NOTIFICATION_DIRECTIONS,
  SANDBOX_ROUTES,
  type JournalEntry,
  type Sandbox,
  type SandboxOptions,
} from './types.js';

// `opi-checkout/sandbox`: the factory and the types a merchant's own tests use.
export type {
  CallbackDelivery,
  Decision,
  Fault,
  FaultOptions,
  JournalEntry,
  NotificationDirection,
  NotificationForm,
  OrderRecord,
  PortalAction,
  Sandbox,
  SandboxNotification,
  SandboxOptions,
  SendOptions,
} from './types.js';
export { SANDBOX_ROUTES };
export { SCENARIOS, type ScenarioName, type ScenarioRow } from './scenarios.js';

/** A host as it goes into a URL: unspecified addresses become loopback, IPv6 gets brackets. */
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const settings = resolveSettings(options);
  const { clientId, clientSecret, paymentSecret } = settings;
  const scheduler = new Scheduler();
  let relayTarget = settings.relayTo;
  const notifications = new Notifications(
    scheduler,
    {
      ...settings.callbackRetry,
      timeoutMs: settings.callbackTimeoutMs,
      historyLimit: settings.historyLimit,
      shape: settings.notificationShape,
    },
    settings.now,
    () => relayTarget,
    settings.callbackFailures,
  );
  const faults = new FaultTable();
  for (const route of SANDBOX_ROUTES) {
    const fault = options.faults?.[route];
    if (fault) faults.set(route, fault);
  }
  const journal: JournalEntry[] = [];
  let baseUrl: string | undefined;

  const ctx: SandboxContext = {
    strictDocs: settings.strictDocs,
    refundListRoute: settings.refundListRoute,
    notificationReferences: settings.notificationReferences,
    notificationFields: settings.notificationFields,
    notificationTransactionId: settings.notificationTransactionId,
    returnHash: settings.returnHash,
    pendingRefundOutcome: settings.pendingRefundOutcome,
    captureStatus: settings.captureStatus,
    paymentSecret,
    pendingSettleMs: settings.pendingSettleMs,
    cancellationUnitMs: settings.cancellationUnitMs,
    cancellationLagMs: settings.cancellationLagMs,
    random: sandboxRandom(settings.seed),
    ...(settings.refundSettlement ? { refundSettlement: settings.refundSettlement } : {}),
    ...(settings.webhookUrl ? { webhookUrl: settings.webhookUrl } : {}),
    ...(settings.controlToken ? { controlToken: settings.controlToken } : {}),
    now: settings.now,
    baseUrl: () => sandbox.url,
    store: new OrderStore(settings.dataDir),
    scheduler,
    notifications,
    tokens: new TokenIssuer({ clientId, clientSecret }, settings.tokenLifetimeSeconds, settings.now),
    sessions: new CustomerSessions(clientId, settings.now),
  };

  // Two origins, as upstream: the API, and the token endpoint on its own (auth.*).
  const server = createServer();
  const tokenServer = createServer();
  let tokenUrl: string | undefined;

  const listenOn = (target: Server, port: number, host: string) =>
    new Promise<string>((resolve, reject) => {
      target.once('error', reject);
      target.listen(port, host, () => {
        target.off('error', reject);
        const address = target.address() as AddressInfo;
        resolve(`http://${urlHost(address.address)}:${address.port}`);
      });
    });
  const closeOne = (target: Server) =>
    new Promise<void>((resolve, reject) => {
      if (!target.listening) return resolve();
      target.close((error) => (error ? reject(error) : resolve()));
      target.closeAllConnections(); // hung requests and idle keep-alive sockets too
    });

  const sandbox: Sandbox = {
    credentials: { clientId, clientSecret, paymentSecret },
    journal,
    deliveries: notifications.deliveries,
    notifications: notifications.list,
    seed: settings.seed,
    records: () => orderRecords(ctx.store.values()),
    get url(): string {
      if (!baseUrl) throw new Error('The sandbox is not listening; call listen() first');
      return baseUrl;
    },
    get tokenUrl(): string {
      if (!tokenUrl) throw new Error('The sandbox is not listening; call listen() first');
      return tokenUrl;
    },
    async listen(port = 0, host = '127.0.0.1') {
      baseUrl = await listenOn(server, port, host);
      try {
        tokenUrl = `${await listenOn(tokenServer, settings.tokenPort, host)}/token`;
      } catch (error) {
        await closeOne(server);
        throw error;
      }
      return baseUrl;
    },
    async close() {
      scheduler.close();
      await Promise.all([closeOne(server), closeOne(tokenServer)]);
    },
    setFault: (route, fault, faultOptions) => faults.set(route, fault, faultOptions),
    clearFaults: () => faults.clear(),
    setCallbackFailures: (count) => notifications.setFailures(count),
    get relayUrl(): string {
      return `${sandbox.url}/__sandbox/relay`;
    },
    get relayTarget() {
      return relayTarget;
    },
    setRelayTarget(url) {
      const target = url === undefined ? undefined : httpUrl('relay target', url);
      if (target !== undefined && baseUrl !== undefined && new URL(target).href === new URL(sandbox.relayUrl).href) {
        throw new RangeError('the relay target must be your receiver, not the relay itself');
      }
      relayTarget = target;
    },
    holdNotifications(direction, on) {
      for (const one of direction === 'all' ? NOTIFICATION_DIRECTIONS : [direction]) notifications.hold(one, on);
    },
    heldNotifications: () => notifications.held(),
    sendNotifications: (ids, sendOptions) => notifications.release(ids, sendOptions),
    dropNotifications: (ids) => notifications.drop(ids),
    setWebhookUrl(url) {
      ctx.webhookUrl = url === undefined ? undefined : httpUrl('webhookUrl', url);
    },
    async decide(reference, decision) {
      return decide(ctx, requireOrder(ctx, reference), parseBody(decisionSchema, decision));
    },
    async portal(reference, action) {
      return portalAction(ctx, reference, parseBody(portalActionSchema, action));
    },
    idle: () => scheduler.idle(),
  };

  const consoleRoute = createConsole(sandbox, () => [...ctx.store.values()]);
  const deps = { ctx, faults, journal, historyLimit: settings.historyLimit, sandbox, consoleRoute };
  // dispatch never rejects (see its last guard)
  const api = createDispatcher({ ...deps, surface: 'api' });
  const auth = createDispatcher({ ...deps, surface: 'auth' });
  server.on('request', (req, res) => void api(req, res));
  tokenServer.on('request', (req, res) => void auth(req, res));
  return sandbox;
}
