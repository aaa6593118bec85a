// What a merchant's refund, capture or void asks for, checked: its Idempotency-Key, its body, and the upstream
// reference and request hash the key gives it.
import { createHash } from 'node:crypto';
import {
  captureOrVoidRequestSchema,
  idempotencyKeySchema,
  refundRequestBodySchema,
} from '../../shared/schemas/merchant-api.js';
import { DomainError, parseOrRefuse } from '../domain/errors.js';
import type { OperationKind } from '../store/types.js';

export interface OperationRequest {
  kind: OperationKind;
  orderReference: string;
  /** Major units; required for refunds, "all that is left" when absent for capture and void. */
  amount?: number;
  description?: string;
  /** The merchant's Idempotency-Key. */
  key: string;
  /** The upstream reference for this key: the same key always sends the same reference. */
  reference: string;
  /** The request as the key is bound to it: another request with the same key is refused. */
  requestHash: string;
}

const PREFIX: Record<OperationKind, string> = { refund: 'rf', capture: 'cp', void: 'vd' };

const operationReference = (kind: OperationKind, key: string) =>
  `${PREFIX[kind]}_${createHash('sha256').update(`${kind}\u0000${key}`).digest('base64url').slice(0, 24)}`;

/** The Idempotency-Key every refund, capture and void needs (a header on the routes, an argument in-process). */
function requiredIdempotencyKey(key: string | undefined): string {
  if (key === undefined) {
    throw new DomainError(
      'idempotency_key_required',
      'Send an Idempotency-Key header with every refund, capture and void.',
      { errors: [{ path: 'Idempotency-Key', message: 'is required' }] },
    );
  }
  return parseOrRefuse(idempotencyKeySchema, key, 'Idempotency-Key header');
}

/** A refund, capture or void as the merchant sent it: refused (422) when its key or body is not valid. */
export function operationRequest(
  kind: OperationKind,
  orderReference: string,
  body: unknown,
  idempotencyKey: string | undefined,
): OperationRequest {
  const key = requiredIdempotencyKey(idempotencyKey);
  const { amount, description } =
    kind === 'refund'
      ? parseOrRefuse(refundRequestBodySchema, body)
      : parseOrRefuse(captureOrVoidRequestSchema, body ?? {});
  const requestHash = createHash('sha256')
    .update(JSON.stringify([kind, orderReference, amount ?? null, description ?? null]))
    .digest('hex');
  return {
    kind,
    orderReference,
    ...(amount === undefined ? {} : { amount }),
    ...(description === undefined ? {} : { description }),
    key,
    reference: operationReference(kind, key),
    requestHash,
  };
}
