// The refusal of a repeated reference. The docs require orderReference, refundReference, captureReference and
// voidReference to be unique but never show the refusal. Local choice: 400 in the upstream's error shape, worded in
// one of several ways (message a string or a list, as NestJS services word their refusals), chosen by the seeded
// PRNG, so a client has to recognise a duplicate from the order itself, never from the words.
import { HttpError } from './http.js';
import { pick, type Prng } from './random.js';

export type ReferenceField = 'orderReference' | 'refundReference' | 'captureReference' | 'voidReference';

const SUBJECT: Record<ReferenceField, string> = {
  orderReference: 'An order',
  refundReference: 'A refund',
  captureReference: 'A capture',
  voidReference: 'A void',
};

/** Every wording the sandbox may answer for a repeated `field`. */
export function duplicateWordings(field: ReferenceField): [string | string[], ...(string | string[])[]] {
  return [
    `${field} already exists`,
    [`${field} must be unique`],
    'Duplicate reference',
    'Bad Request',
    `${SUBJECT[field]} with this reference has already been processed`,
  ];
}

export function duplicateReference(random: Prng, field: ReferenceField): HttpError {
  return new HttpError(400, pick(random, duplicateWordings(field)));
}
