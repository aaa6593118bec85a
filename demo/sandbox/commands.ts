// `opi-sandbox notify ...` and `opi-sandbox portal ...`: a running sandbox's control endpoints from the command
// line, for a person or a CI script. Answers the exit code: 0 done, 1 refused, 2 a wrong command line.
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { lastAnswer } from './notifications.js';
import type { SandboxNotification } from './types.js';

export const USAGE = `usage:
  opi-sandbox                               start the sandbox (SANDBOX_* variables, as npm run sandbox)
  opi-sandbox notify list [--json]          what was sent to the BFF and relayed to the merchant
  opi-sandbox notify hold to-bff|to-merchant|all [--off]
                                            hold new notifications until sent or dropped (--off: stop holding)
  opi-sandbox notify send ID... [--times N] [--after SECONDS] [--unsigned | --bad-signature | --malformed]
                                            send these, in this order (held ones first time, others again)
  opi-sandbox notify drop ID...             never send these held ones
  opi-sandbox notify relay URL | --off      where relayed notifications go on (your receiver)
  opi-sandbox portal refund REFERENCE AMOUNT
  opi-sandbox portal capture|void REFERENCE [AMOUNT]
                                            as the payment service's portal would, outside the checkout
options: --sandbox URL (default SANDBOX_URL, or http://127.0.0.1:${SANDBOX_DEFAULTS.port})`;

class UsageError extends Error {}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

function amountOf(text: string | undefined): { amount?: number } {
  if (text === undefined) return {};
  const amount = Number(text);
  if (!Number.isFinite(amount)) throw new UsageError(`AMOUNT must be a number, got "${text}"`);
  return { amount };
}

function atLeastZero(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw new UsageError(`${name} must be a number of at least 0, got "${text}"`);
  }
  return value;
}

/** The flags each command takes (besides --sandbox); any other is a mistake worth saying. */
const FLAGS: Record<string, readonly string[]> = {
  'notify list': ['json'],
  'notify hold': ['off'],
  'notify relay': ['off'],
  'notify send': ['times', 'after', 'unsigned', 'bad-signature', 'malformed'],
};

function checkFlags(command: string, flags: Record<string, string | boolean | undefined>): void {
  const allowed = FLAGS[command] ?? [];
  const stray = Object.keys(flags).filter((flag) => flag !== 'sandbox' && flag !== 'help' && !allowed.includes(flag));
  if (stray.length > 0) throw new UsageError(`--${stray[0]} does not apply to opi-sandbox ${command}`);
}

function table(notifications: readonly SandboxNotification[]): string[] {
  if (notifications.length === 0) return ['no notifications yet'];
  return notifications.map((notification) => {
    return [
      notification.id,
      notification.direction,
      notification.event || '-',
      notification.orderReference ?? '-',
      notification.state,
      lastAnswer(notification) ?? '-',
    ].join('\t');
  });
}

/** The control request a command line stands for: method, path under /__sandbox and body. */
function request(
  words: string[],
  flags: Record<string, string | boolean | undefined>,
): { method: string; path: string; body?: unknown } {
  const [group, verb, ...rest] = words;
  checkFlags(`${group} ${verb}`, flags);
  if (group === 'notify') {
    if (verb === 'list' && rest.length === 0) return { method: 'GET', path: '/notifications' };
    if (verb === 'hold' && rest.length === 1)
      return { method: 'PUT', path: '/notifications/hold', body: { direction: rest[0], on: !flags.off } };
    if (verb === 'drop' && rest.length > 0) return { method: 'POST', path: '/notifications/drop', body: { ids: rest } };
    if (verb === 'relay' && (rest.length === 1) !== Boolean(flags.off))
      return { method: 'PUT', path: '/relay-target', body: { url: rest[0] ?? null } };
    if (verb === 'send' && rest.length > 0) {
      const forms = (['unsigned', 'bad-signature', 'malformed'] as const).filter((form) => flags[form]);
      if (forms.length > 1) throw new UsageError('choose one of --unsigned, --bad-signature, --malformed');
      const times = atLeastZero(flags.times as string | undefined, '--times');
      const delaySeconds = atLeastZero(flags.after as string | undefined, '--after');
      return {
        method: 'POST',
        path: '/notifications/send',
        body: {
          ids: rest,
          ...(times === undefined ? {} : { times }),
          ...(delaySeconds === undefined ? {} : { delaySeconds }),
          ...(forms[0] ? { form: forms[0] } : {}),
        },
      };
    }
  }
  if (group === 'portal' && (verb === 'refund' || verb === 'capture' || verb === 'void')) {
    const [reference, amount, ...extra] = rest;
    if (reference && extra.length === 0 && (verb !== 'refund' || amount !== undefined)) {
      return {
        method: 'POST',
        path: `/orders/${encodeURIComponent(reference)}/portal`,
        body: { kind: verb, ...amountOf(amount) },
      };
    }
  }
  throw new UsageError(`not a command: opi-sandbox ${words.join(' ')}`);
}

const OPTIONS = {
  json: { type: 'boolean' },
  off: { type: 'boolean' },
  times: { type: 'string' },
  after: { type: 'string' },
  unsigned: { type: 'boolean' },
  'bad-signature': { type: 'boolean' },
  malformed: { type: 'boolean' },
  sandbox: { type: 'string' },
  help: { type: 'boolean' },
} as const;

const parse = (args: string[]) => parseArgs({ args, allowPositionals: true, options: OPTIONS });

export async function runCommand(args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(USAGE);
    return 0;
  }
  const base = parsed.values.sandbox ?? env.SANDBOX_URL ?? `http://127.0.0.1:${SANDBOX_DEFAULTS.port}`;
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    io.err(`the sandbox's address must be an http URL, got "${base}"`);
    return 2;
  }
  let call: ReturnType<typeof request>;
  try {
    call = request(parsed.positionals, parsed.values);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n${USAGE}`);
    return 2;
  }
  let response: Response;
  try {
    // A sandbox reachable from other machines asks for its control token (SANDBOX_CONTROL_TOKEN).
    const headers: Record<string, string> = env.SANDBOX_CONTROL_TOKEN
      ? { authorization: `Bearer ${env.SANDBOX_CONTROL_TOKEN}` }
      : {};
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    response = await fetch(`${base.replace(/\/$/, '')}/__sandbox${call.path}`, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
  } catch (error) {
    io.err(`no sandbox answered at ${base}: ${(error as Error).message}`);
    return 1;
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = [(JSON.parse(text) as { message: string | string[] }).message].flat().join('\n');
    } catch {}
    io.err(`refused (HTTP ${response.status}): ${message}`);
    return 1;
  }
  if (call.path === '/notifications') {
    const listed = JSON.parse(text) as { notifications: SandboxNotification[] };
    for (const line of parsed.values.json ? [text] : table(listed.notifications)) io.out(line);
  } else if (text) {
    io.out(text);
  } else {
    io.out('done');
  }
  return 0;
}
