// The container recipe, checked without a container engine (none runs on our machines): deploy/Dockerfile starts
// the compiled server as a non-root user with a health check on /readyz, and its CMD and ENV are what
// test/bff/store/scale-out.test.ts runs (both read them with readDeployedStart); the health check's own command is run
// against a real BFF; deploy/compose.yaml parses, names its services, sets only variables the BFF knows, and its
// Caddyfile balances over the two instances' ports.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../bff/config.js';
import { readDeployedStart } from '../support/dockerfile.js';
import { useCheckoutStack } from '../support/stack.js';

const run = promisify(execFile);
const deployed = readDeployedStart();
const known = new Set<string>([...CONFIG_VARIABLES, 'NODE_ENV']);

describe('deploy/Dockerfile', () => {
  const stack = useCheckoutStack({ bff: 'file' });

  it('builds in a first stage and runs the compiled server with production dependencies as a non-root user', () => {
    const text = readFileSync('deploy/Dockerfile', 'utf8');
    expect(text.match(/^FROM /gm)).toHaveLength(2);
    expect(text).toMatch(/^RUN npm run build$/m);
    expect(deployed.instructions).toContain('RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force');
    expect(deployed.instructions).toContain('USER node');
    expect(deployed.command).toEqual(['node', '--max-semi-space-size=2', 'dist/server/main.js']);
    // The same file as the package's opi-bff and npm run serve: what vite.server.config.ts builds from bff/main.ts.
    const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(manifest.bin['opi-bff']).toBe(deployed.command.at(-1));
    expect(manifest.scripts.serve).toBe(deployed.command.join(' '));
    expect(readFileSync('vite.server.config.ts', 'utf8')).toContain("main: 'bff/main.ts'");
  });

  it('needs only the production dependencies it installs: the server imports no devDependency at run time', () => {
    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
    // Only the server's folders are walked: the whole tree holds node_modules, and folders other tests make and remove.
    const sources = ['bff', 'shared']
      .flatMap((folder) =>
        readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((path) => `${folder}/${path}`),
      )
      .filter((path) => path.endsWith('.ts'));
    const packages = new Set<string>();
    for (const path of sources) {
      // Type-only imports vanish from the JavaScript; every other bare specifier must resolve in production.
      for (const [, specifier] of readFileSync(path, 'utf8').matchAll(
        /^import (?!type )[^;]*? from '([^'.][^']*)';/gms,
      )) {
        if (!specifier!.startsWith('node:'))
          packages.add(
            specifier!
              .split('/')
              .slice(0, specifier!.startsWith('@') ? 2 : 1)
              .join('/'),
          );
      }
    }
    expect(packages.size).toBeGreaterThan(5);
    expect([...packages].filter((name) => !(name in dependencies))).toEqual([]);
  });

  it('sets only variables the BFF reads, with values it accepts; never the environment, never a public metrics address', () => {
    expect(Object.keys(deployed.env).filter((name) => !known.has(name))).toEqual([]);
    expect(deployed.env).toMatchObject({ NODE_ENV: 'production', PORT: '8787', OPI_METRICS_PORT: '9464' });
    // Started without its configuration, the image refuses to start; told sandbox, it asks for the dry run's word.
    expect(() => loadConfig(deployed.env)).toThrow(/OPI_ENVIRONMENT must be set/);
    expect(() => loadConfig({ ...deployed.env, OPI_ENVIRONMENT: 'sandbox' })).toThrow(/OPI_ALLOW_SANDBOX=true/);
    // Forwarded addresses are trusted only where the deployment says so (compose, behind Caddy): never by default.
    expect(loadConfig({ ...deployed.env, OPI_ENVIRONMENT: 'sandbox', OPI_ALLOW_SANDBOX: 'true' })).toMatchObject({
      port: 8787,
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      trustProxy: false,
      drainMs: 20_000,
    });
  });

  it('checks health with a command that passes on a ready BFF and fails on a draining one', async () => {
    const healthcheck = deployed.instructions.find((line) => line.startsWith('HEALTHCHECK'))!;
    expect(healthcheck).toMatch(/--interval=\d+s/);
    const [command, ...args] = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD') + 4)) as string[];
    expect(command).toBe('node');
    const port = new URL(stack.bff.url).port;
    const check = () => run(process.execPath, args, { env: { PORT: port } });
    await expect(check()).resolves.toBeDefined();
    stack.bff.startDraining();
    await expect(check()).rejects.toMatchObject({ code: 1 });
  });
});

describe('deploy/compose.yaml', () => {
  // Compose's `<<` merge keys are YAML 1.1; the yaml package reads them when asked.
  const compose = parse(readFileSync('deploy/compose.yaml', 'utf8'), { merge: true });

  it('runs PostgreSQL, the sandbox, two BFF instances from the Dockerfile and Caddy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bff-1', 'bff-2', 'caddy', 'postgres', 'sandbox']);
    for (const name of ['bff-1', 'bff-2']) {
      expect(compose.services[name].build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
      expect(compose.services[name].environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(Object.keys(compose.services[name].environment).filter((variable) => !known.has(variable))).toEqual([]);
    }
  });

  it('is a dry run said out loud, publishing every port on loopback only, the sandbox behind its control token', () => {
    for (const name of ['bff-1', 'bff-2']) {
      const environment = compose.services[name].environment;
      expect(environment).toMatchObject({ OPI_ENVIRONMENT: 'sandbox', OPI_ALLOW_SANDBOX: 'true' });
      expect(loadConfig({ ...deployed.env, ...environment })).toMatchObject({ metricsHost: '0.0.0.0' });
    }
    const ports: string[] = compose.services.sandbox.ports;
    expect(ports.length).toBeGreaterThan(2);
    expect(ports.filter((port) => !port.startsWith('127.0.0.1:'))).toEqual([]);
    expect(compose.services.sandbox.environment.SANDBOX_CONTROL_TOKEN.length).toBeGreaterThanOrEqual(16);
    expect(compose.services.sandbox.environment.SANDBOX_WEBHOOK_URL).toBe(
      `http://127.0.0.1:8080/v1/webhooks/upstream/${compose.services['bff-1'].environment.OPI_UPSTREAM_WEBHOOK_SECRET}`,
    );
  });

  it('puts Caddy in front of both instances, checking /readyz', () => {
    const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
    const ports = ['bff-1', 'bff-2'].map((name) => compose.services[name].environment.PORT);
    expect(caddyfile).toContain(`reverse_proxy ${ports.map((port: string) => `127.0.0.1:${port}`).join(' ')}`);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(compose.services.caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});
