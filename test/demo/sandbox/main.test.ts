// `npm run sandbox` as a real process: environment, start-up lines, a working token endpoint, clean shutdown.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../../shared/sandbox-defaults.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function start(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/sandbox/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return child;
}

/** Collects stdout until the start-up block is complete. */
async function startupLines(child: ChildProcessWithoutNullStreams): Promise<string> {
  let output = '';
  for await (const chunk of child.stdout) {
    output += String(chunk);
    if (output.includes('account webhook')) return output;
  }
  throw new Error(`sandbox exited before starting: ${output}`);
}

describe('npm run sandbox (demo/sandbox/main.ts)', () => {
  it('reads SANDBOX_* variables, prints the base URL, never echoes a configured secret, and stops on SIGTERM', async () => {
    const child = start({
      SANDBOX_PORT: '0',
      SANDBOX_CLIENT_ID: 'ci-client',
      SANDBOX_CLIENT_SECRET: 'ci-client-secret-value',
      SANDBOX_PAYMENT_SECRET: 'ci-payment-secret-value',
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/webhooks/hook-secret',
    });
    const output = await startupLines(child);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(output).toContain('ci-client');
    expect(output).toContain('(from SANDBOX_CLIENT_SECRET)');
    expect(output).not.toContain('ci-client-secret-value');
    expect(output).not.toContain('ci-payment-secret-value');
    expect(output).toContain('account webhook http://127.0.0.1:9/... (from SANDBOX_WEBHOOK_URL)');
    expect(output).not.toContain('hook-secret');
    const form = new URLSearchParams({
      client_id: 'ci-client',
      client_secret: 'ci-client-secret-value',
      grant_type: 'client_credentials',
      scope: 'api-user',
    });
    const tokenUrl = /token endpoint {2}POST (http:\/\/127\.0\.0\.1:\d+\/token)/.exec(output)?.[1];
    expect(tokenUrl).not.toBe(`${url}/token`);
    expect((await fetch(tokenUrl!, { method: 'POST', body: form })).status).toBe(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('prints the documented demo credentials when nothing is configured, and stops on SIGINT', async () => {
    const child = start({ SANDBOX_PORT: '0' });
    const output = await startupLines(child);
    expect(output).toContain(SANDBOX_DEFAULTS.clientId);
    expect(output).toContain(SANDBOX_DEFAULTS.clientSecret);
    expect(output).toContain(SANDBOX_DEFAULTS.paymentSecret);
    expect(output).toContain('account webhook none');
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it.each([
    [{ SANDBOX_PORT: 'eighty' }, 'SANDBOX_PORT must be a port number (0-65535), got "eighty"'],
    [
      { SANDBOX_PORT: '0', SANDBOX_WEBHOOK_URL: 'ftp://shop.example/hooks' },
      'SANDBOX_WEBHOOK_URL must be an http or https URL',
    ],
    [
      { SANDBOX_PORT: '0', SANDBOX_HOST: '0.0.0.0' },
      'SANDBOX_HOST=0.0.0.0 lets other machines reach the sandbox: set SANDBOX_CONTROL_TOKEN',
    ],
  ])('fails fast, naming the variable, on a bad value (%o)', async (env, message) => {
    const child = start(env);
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(errors).toContain(message);
  });
});
