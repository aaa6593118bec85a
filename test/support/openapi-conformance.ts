// Real answers checked against the BFF's own OpenAPI document with a JSON Schema validator (Ajv, draft 2020-12 as
// OpenAPI 3.1 uses): the status is described for that operation, the content type is one it lists, and the body
// fits that type's schema, and a refusal's code is one it lists for that status. What a merchant's contract test or API gateway would check.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Answer } from './checkout.js';

const DOCUMENT_ID = 'https://opi-checkout.test/openapi.json';
const pointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

interface Described {
  description: string;
  content?: Record<string, { schema: unknown }>;
}

export function conformance(document: {
  paths: Record<string, Record<string, { responses: Record<string, Described> }>>;
}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });

  /** Throws, saying what differs, unless the answer is one the document describes for this operation. */
  return function check(method: string, template: string, answer: Answer): void {
    const where = `${method.toUpperCase()} ${template} answered ${answer.status}`;
    const operation = document.paths[template]?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not in the document`);
    const described = operation.responses[String(answer.status)];
    if (!described) throw new Error(`${where}, which the document does not describe`);
    const type = answer.headers.get('content-type')?.split(';')[0]?.trim();
    if (!described.content) {
      if (answer.text !== '') throw new Error(`${where} with a body (${type}) the document does not describe`);
      return;
    }
    if (!type || !(type in described.content)) {
      throw new Error(`${where} as ${type}; the document lists ${Object.keys(described.content).join(', ')}`);
    }
    const path = ['paths', template, method, 'responses', String(answer.status), 'content', type, 'schema'];
    const validate = ajv.getSchema(`${DOCUMENT_ID}#/${path.map(pointer).join('/')}`);
    if (!validate) throw new Error(`${where}: no schema at ${path.join(' ')}`);
    const body = type.endsWith('json') ? answer.body : answer.text;
    if (!validate(body)) throw new Error(`${where}: the body does not fit: ${ajv.errorsText(validate.errors)}`);
    // A refusal's code is one the operation lists for its status ("code, code, ..."), as a merchant reads them there.
    const code = type === 'application/problem+json' ? (body as { code?: string }).code : undefined;
    if (code !== undefined && !described.description.split(', ').includes(code))
      throw new Error(`${where} with code ${code}; the document lists ${described.description}`);
  };
}
