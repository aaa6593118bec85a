// The kinds of value a setting may take, read from an environment variable's text: each either the value or a
// problem that says what it must be. Each feature's settings (its settings.ts) are built from these.
import * as z from 'zod/mini';

export type TrustProxy = boolean | number | string[];

type Ctx = { issues: { push(issue: { code: 'custom'; message: string; input: unknown }): unknown } };
const fail = (ctx: Ctx, input: string, message: string) => {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
};

/** A whole number from `min` to `max`: `what` names it in the problem ("a whole number of seconds"). */
export const wholeNumber = (min: number, max: number, what: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const n = Number(value.trim());
      if (!/^\d+$/.test(value.trim()) || n < min || n > max)
        return fail(ctx, value, `must be ${what} from ${min} to ${max}`);
      return n;
    }),
  );

/** localhost, 127.x.x.x or [::1]. */
export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/** An http or https URL without credentials, its trailing slashes dropped. */
export const url = (what: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      let parsed: URL;
      try {
        parsed = new URL(value.trim());
      } catch {
        return fail(ctx, value, `must be an http or https URL (${what})`);
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return fail(ctx, value, `must be an http or https URL (${what})`);
      if (parsed.username || parsed.password) return fail(ctx, value, 'must not carry credentials in the URL');
      return parsed.href.replace(/\/+$/, '');
    }),
  );

/** A comma-separated list, blanks dropped. */
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Origins, comma-separated: the storefronts allowed to call. */
export const origins = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const result: string[] = [];
    for (const item of list(value)) {
      let origin: string | undefined;
      try {
        origin = new URL(item).origin;
      } catch {
        /* reported below */
      }
      if (!origin || origin === 'null' || origin !== item.replace(/\/$/, '')) {
        return fail(
          ctx,
          value,
          `must be a comma-separated list of origins such as https://shop.example (got "${item}")`,
        );
      }
      result.push(origin);
    }
    return result;
  }),
);

/** A secret of at least `min` characters, trimmed; never echoed in a problem. */
export const secret = (min: number) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) =>
      value.trim().length >= min ? value.trim() : fail(ctx, '', `must be at least ${min} characters`),
    ),
  );

/** Merchant API keys, comma-separated, each at least 16 characters. */
export const merchantKeys = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const keys = list(value);
    if (keys.length === 0 || keys.some((key) => key.length < 16)) {
      return fail(ctx, '', 'must be a comma-separated list of keys of at least 16 characters each');
    }
    return keys;
  }),
);

/** true or false. */
export const flag = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === 'false') return v === 'true';
    return fail(ctx, value, 'must be true or false');
  }),
);

/** Express's trust proxy: true, false, a number of hops, or addresses and subnets. */
export const trustProxy = z.pipe(
  z.string(),
  z.transform((value, ctx): TrustProxy => {
    const v = value.trim();
    if (v === 'true') return true;
    if (v === 'false' || v === '') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const items = list(v);
    if (items.every((item) => /^[\w.:/-]+$/.test(item))) return items;
    return fail(ctx, value, 'must be true, false, a number of hops, or a comma-separated list of addresses/subnets');
  }),
);

/** One of `values`. */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });
