// The factory's options with their defaults filled in; a nonsense value fails at once, not mid-test.
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { randomSeed } from './random.js';
import type {
  CaptureStatusOnRead,
  NotificationFields,
  NotificationReference,
  NotificationShape,
  NotificationTransactionId,
  PendingRefundOutcome,
  RefundListRoute,
  RefundSettlement,
  ReturnHashForm,
  SandboxOptions,
} from './types.js';

export interface SandboxSettings {
  strictDocs: boolean;
  refundListRoute: RefundListRoute;
  notificationShape: NotificationShape;
  notificationReferences: readonly NotificationReference[];
  notificationFields: NotificationFields;
  notificationTransactionId: NotificationTransactionId;
  returnHash: ReturnHashForm;
  pendingRefundOutcome: PendingRefundOutcome;
  captureStatus: CaptureStatusOnRead;
  tokenPort: number;
  dataDir?: string;
  clientId: string;
  clientSecret: string;
  paymentSecret: string;
  tokenLifetimeSeconds: number;
  pendingSettleMs: number;
  cancellationUnitMs: number;
  cancellationLagMs: number;
  seed: number;
  callbackRetry: { attempts: number; baseDelayMs: number };
  callbackTimeoutMs: number;
  callbackFailures: number;
  historyLimit: number;
  webhookUrl?: string;
  relayTo?: string;
  controlToken?: string;
  refundSettlement?: RefundSettlement;
  now: () => number;
}

/** Local choice: a control token as long as a password worth the name. */
function controlToken(value: string): string {
  if (value.trim().length < 16) throw new Error('controlToken must be at least 16 characters');
  return value.trim();
}

function check(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) throw new RangeError(`${name} must be a number of at least ${min}`);
  return value;
}

/** One of `allowed`, or a RangeError naming the option and the choices. */
export function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw new RangeError(`${name} must be one of: ${allowed.join(', ')}`);
  return found;
}

export const NOTIFICATION_REFERENCES: readonly NotificationReference[] = ['merchantReference', 'orderReference'];
export const RETURN_HASH_FORMS: readonly ReturnHashForm[] = [
  'hex',
  'base64',
  'base64-sha512-256',
  'base64-sha512-first-32',
];
export const CAPTURE_STATUS_ON_READ: readonly CaptureStatusOnRead[] = ['shown', 'null'];
export const PENDING_REFUND_OUTCOMES: readonly PendingRefundOutcome[] = ['SUCCESSFUL', 'DECLINED', 'ERROR'];

function text(name: string, value: string): string {
  if (value.length === 0) throw new RangeError(`${name} must not be empty`);
  return value;
}

/** An http or https URL; `name` is what the error calls it (an option, or an environment variable). */
export function httpUrl(name: string, value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new RangeError(`${name} must be an http or https URL`);
  return value;
}

/** A PRNG seed: a whole number in [0, 2^32). */
function seed(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** 32)
    throw new RangeError('seed must be a whole number from 0 to 4294967295');
  return value;
}

export function resolveSettings(options: SandboxOptions): SandboxSettings {
  const retry = options.callbackRetry ?? { attempts: 6, baseDelayMs: 1000 };
  const cancellationUnitMs = check('cancellationUnitMs', options.cancellationUnitMs ?? 60_000, 1);
  return {
    strictDocs: options.strictDocs ?? true,
    // The public docs have no such route (§8); a test that wants the seed spec's turns it on.
    refundListRoute: options.refundListRoute ?? false,
    notificationShape: options.notificationShape ?? 'data',
    notificationReferences: (options.notificationReferences ?? ['merchantReference']).map((field) =>
      oneOf('notificationReferences', field, NOTIFICATION_REFERENCES),
    ),
    notificationFields: oneOf('notificationFields', options.notificationFields ?? 'order', ['order', 'bare'] as const),
    notificationTransactionId: oneOf(
      'notificationTransactionId',
      options.notificationTransactionId ?? 'transactionReference',
      ['transactionReference', 'history-entry'] as const,
    ),
    returnHash: oneOf('returnHash', options.returnHash ?? 'hex', RETURN_HASH_FORMS),
    pendingRefundOutcome: oneOf(
      'pendingRefundOutcome',
      options.pendingRefundOutcome ?? 'SUCCESSFUL',
      PENDING_REFUND_OUTCOMES,
    ),
    captureStatus: oneOf('captureStatus', options.captureStatus ?? 'shown', CAPTURE_STATUS_ON_READ),
    tokenPort: Math.floor(check('tokenPort', options.tokenPort ?? 0, 0)),
    ...(options.dataDir === undefined ? {} : { dataDir: text('dataDir', options.dataDir) }),
    clientId: text('clientId', options.clientId ?? SANDBOX_DEFAULTS.clientId),
    clientSecret: text('clientSecret', options.clientSecret ?? SANDBOX_DEFAULTS.clientSecret),
    paymentSecret: text('paymentSecret', options.paymentSecret ?? SANDBOX_DEFAULTS.paymentSecret),
    tokenLifetimeSeconds: check('tokenLifetimeSeconds', options.tokenLifetimeSeconds ?? 86_400, 0.001),
    pendingSettleMs: check('pendingSettleMs', options.pendingSettleMs ?? 10_000, 0),
    cancellationUnitMs,
    cancellationLagMs: check('cancellationLagMs', options.cancellationLagMs ?? cancellationUnitMs, 0),
    seed: seed(options.seed ?? randomSeed()),
    callbackRetry: {
      attempts: Math.floor(check('callbackRetry.attempts', retry.attempts, 1)),
      baseDelayMs: check('callbackRetry.baseDelayMs', retry.baseDelayMs, 0),
    },
    callbackTimeoutMs: check('callbackTimeoutMs', options.callbackTimeoutMs ?? 5_000, 1),
    callbackFailures: Math.floor(check('callbackFailures', options.callbackFailures ?? 0, 0)),
    // Local choice: a sandbox left running for days keeps only its latest requests and deliveries.
    historyLimit: Math.floor(check('historyLimit', options.historyLimit ?? 10_000, 1)),
    ...(options.webhookUrl === undefined ? {} : { webhookUrl: httpUrl('webhookUrl', options.webhookUrl) }),
    ...(options.relayTo === undefined ? {} : { relayTo: httpUrl('relayTo', options.relayTo) }),
    ...(options.controlToken === undefined ? {} : { controlToken: controlToken(options.controlToken) }),
    ...(options.refundSettlement ? { refundSettlement: options.refundSettlement } : {}),
    now: options.now ?? Date.now,
  };
}
