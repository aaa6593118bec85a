// `npm run sandbox`: the only file that reads the sandbox's environment, listens and handles signals.
import { SANDBOX_DEFAULTS } from '../../shared/sandbox-defaults.js';
import { createSandbox } from './sandbox.js';
import { httpUrl } from './settings.js';

const env = process.env;

function port(value: string | undefined): number {
  if (value === undefined || value === '') return SANDBOX_DEFAULTS.port;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) {
    throw new Error(`SANDBOX_PORT must be a port number (0-65535), got "${value}"`);
  }
  return parsed;
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
  const sandbox = createSandbox({
    clientId,
    clientSecret: clientSecret.value,
    paymentSecret: paymentSecret.value,
    ...(webhookUrl ? { webhookUrl } : {}),
  });
  const url = await sandbox.listen(port(env.SANDBOX_PORT), '127.0.0.1');
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
    [
      `opi sandbox listening on ${url}`,
      `  token endpoint  POST ${url}/token (form: client_id, client_secret, grant_type=client_credentials, scope=api-user)`,
      `  client id       ${clientId}`,
      `  client secret   ${clientSecret.shown}`,
      `  payment secret  ${paymentSecret.shown}`,
      // Only the origin: a webhook's path or query may carry the merchant's own secret.
      `  refund webhook  ${webhookUrl ? `${new URL(webhookUrl).origin}/... (from SANDBOX_WEBHOOK_URL)` : 'none (SANDBOX_WEBHOOK_URL unset: REFUND_CALLBACK is not sent)'}`,
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${(error as Error).message}`);
  process.exit(1);
});
