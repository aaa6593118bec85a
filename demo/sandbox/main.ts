#!/usr/bin/env node
// `opi-sandbox` and `npm run sandbox`: the only file that reads the sandbox's environment, listens and handles
// signals; with a command (`opi-sandbox notify list`) it drives a running sandbox instead (commands.ts).
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { runCommand } from './commands.js';
import { createSandbox } from './sandbox.js';
import { httpUrl } from './settings.js';

const env = process.env;

function port(name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) {
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  }
  return parsed;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

function flag(name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false, got "${value}"`);
  return value === 'true';
}

/** A secret from the environment, or the documented demo default. */
function secret(name: string, fallback: string): { value: string; shown: string } {
  const value = env[name];
  // The defaults are public demo values and are printed; a value someone configured is never echoed.
  return value ? { value, shown: `(from ${name})` } : { value: fallback, shown: fallback };
}

async function main(): Promise<void> {
  const clientId = env.SANDBOX_CLIENT_ID || SANDBOX_DEFAULTS.clientId;
  const clientSecret = secret('SANDBOX_CLIENT_SECRET', SANDBOX_DEFAULTS.clientSecret);
  const paymentSecret = secret('SANDBOX_PAYMENT_SECRET', SANDBOX_DEFAULTS.paymentSecret);
  const webhookUrl = env.SANDBOX_WEBHOOK_URL ? httpUrl('SANDBOX_WEBHOOK_URL', env.SANDBOX_WEBHOOK_URL) : undefined;
  const relayTo = env.SANDBOX_RELAY_TO ? httpUrl('SANDBOX_RELAY_TO', env.SANDBOX_RELAY_TO) : undefined;
  const apiPort = port('SANDBOX_PORT', SANDBOX_DEFAULTS.port);
  // Any free port for the token too when the API takes any free port (tests), else its own default.
  const tokenPort = port('SANDBOX_TOKEN_PORT', apiPort === 0 ? 0 : SANDBOX_DEFAULTS.tokenPort);
  const strictDocs = flag('SANDBOX_STRICT_DOCS', true);
  const dataDir = env.SANDBOX_DATA_DIR || undefined;
  const host = env.SANDBOX_HOST || '127.0.0.1';
  const controlToken = env.SANDBOX_CONTROL_TOKEN || undefined;
  // Its control API drives refunds and notifications and its journal shows shoppers: other machines only with a token.
  if (!isLoopback(host) && !controlToken) {
    throw new Error(
      `SANDBOX_HOST=${host} lets other machines reach the sandbox: set SANDBOX_CONTROL_TOKEN (16+ characters), which its control API and console then ask for`,
    );
  }
  const sandbox = createSandbox({
    ...(dataDir ? { dataDir } : {}),
    strictDocs,
    tokenPort,
    clientId,
    clientSecret: clientSecret.value,
    paymentSecret: paymentSecret.value,
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(relayTo ? { relayTo } : {}),
    ...(controlToken ? { controlToken } : {}),
  });
  // Loopback unless told otherwise: a container publishing its ports needs 0.0.0.0 (deploy/compose.yaml).
  const url = await sandbox.listen(apiPort, host);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 5_000).unref();
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sandbox: close after ${signal} failed:`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A start-up banner for the person who ran `npm run sandbox`, not a log line.
  process.stdout.write(
    `${[
      `opi sandbox listening on ${url}`,
      `  token endpoint  POST ${sandbox.tokenUrl} (form: client_id, client_secret, grant_type=client_credentials, scope=api-user)`,
      `  docs' quirks    ${strictDocs ? 'on (suffixed refund references, 2 decimals at most, ...; SANDBOX_STRICT_DOCS=false for the plain shapes)' : 'off (SANDBOX_STRICT_DOCS=false)'}`,
      `  client id       ${clientId}`,
      `  client secret   ${clientSecret.shown}`,
      `  payment secret  ${paymentSecret.shown}`,
      // Only the origin: a webhook's path or query may carry the merchant's own secret.
      `  orders kept in  ${dataDir ?? 'memory only (SANDBOX_DATA_DIR unset)'}`,
      `  account webhook ${webhookUrl ? `${new URL(webhookUrl).origin}/... (from SANDBOX_WEBHOOK_URL)` : 'none (SANDBOX_WEBHOOK_URL unset: REFUND_CALLBACK and ORDER_STATUS_UPDATE are not sent)'}`,
      `  console         ${url}/__sandbox/ (notifications, the portal; opi-sandbox notify|portal from a shell)${controlToken ? ', behind SANDBOX_CONTROL_TOKEN' : ''}`,
      `  relay           ${sandbox.relayUrl} -> ${relayTo ? `${new URL(relayTo).origin}/... (from SANDBOX_RELAY_TO)` : 'kept only (SANDBOX_RELAY_TO unset)'}`,
    ].join('\n')}\n`,
  );
}

const command = process.argv.slice(2);
const run =
  command.length === 0
    ? main()
    : runCommand(command, env, {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      }).then((code) => {
        process.exitCode = code;
      });
run.catch((error: unknown) => {
  console.error(`sandbox: ${(error as Error).message}`);
  process.exit(1);
});
