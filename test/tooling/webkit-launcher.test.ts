// The WebKit launcher (test/support/webkit-launcher.mjs) replaces a driver that stops answering the navigation that
// ends a finished file's page, and lets every other failure through. The drivers are stand-ins speaking classic
// WebDriver (W3C WebDriver: New Session, Navigate To, Execute Script, Delete Session) on real HTTP, so a hang can be
// made to order; web-test-runner's own session code drives them, as it does the real one.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestRunnerCoreConfig } from '@web/test-runner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebKitGtkLauncher } from '../support/webkit-launcher.mjs';

type Misbehaviour = 'hang leaving a page' | 'refuse scripts' | 'none';

interface StandInDriver {
  navigations: string[];
  stopped: boolean;
}

const drivers: StandInDriver[] = [];
const hungAnswers: ServerResponse[] = [];
let launcher: WebKitGtkLauncher | undefined;

afterEach(async () => {
  for (const answer of hungAnswers.splice(0)) answer.destroy();
  await launcher?.stop();
  launcher = undefined;
  drivers.length = 0;
  vi.restoreAllMocks();
});

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Starts stand-in drivers in turn: the first misbehaves as told, the ones after it answer every command. */
function standInDrivers(first: Misbehaviour) {
  return async () => {
    const driver: StandInDriver = { navigations: [], stopped: false };
    const misbehaviour = drivers.length === 0 ? first : 'none';
    drivers.push(driver);
    const server = createServer(async (request, response) => {
      const command = await body(request);
      const answer = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ value }));
      const path = request.url ?? '';
      if (request.method === 'POST' && path === '/session') {
        return answer(200, { sessionId: 'stand-in', capabilities: { browserName: 'MiniBrowser' } });
      }
      if (path.endsWith('/window')) return answer(200, 'stand-in-window');
      if (path.endsWith('/url')) {
        driver.navigations.push(String(command.url));
        if (command.url === 'about:blank' && misbehaviour === 'hang leaving a page') return hungAnswers.push(response);
        return answer(200, null);
      }
      if (path.endsWith('/execute/sync')) {
        if (misbehaviour === 'refuse scripts') {
          return answer(500, { error: 'javascript error', message: 'the page is gone', stacktrace: '' });
        }
        return answer(200, { testCoverage: undefined });
      }
      return answer(200, null);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      stop: () => {
        driver.stopped = true;
        server.closeAllConnections();
        server.close();
      },
    };
  };
}

async function launcherWith(first: Misbehaviour) {
  launcher = new WebKitGtkLauncher({ startDriver: standInDrivers(first), commandTimeoutMs: 300 });
  await launcher.initialize({ concurrency: 1 } as TestRunnerCoreConfig);
  return launcher;
}

/** web-test-runner's start of a session does not wait for its navigation; this waits until the driver has it. */
async function started(on: WebKitGtkLauncher, id: string, url: string, driver: number) {
  await on.startSession(id, url);
  await vi.waitFor(() => expect(drivers[driver]?.navigations).toContain(url));
}

describe('the WebKit launcher', () => {
  it('replaces a driver that does not answer when a finished page is left, says so, and goes on with the new one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const webkit = await launcherWith('hang leaving a page');
    await started(webkit, 'first', 'http://127.0.0.1:1/first.html', 0);

    await expect(webkit.stopSession('first')).resolves.toEqual({ testCoverage: undefined });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("WebKit's driver did not answer"));
    expect(drivers).toHaveLength(2);
    expect(drivers[0]?.stopped).toBe(true);

    await started(webkit, 'second', 'http://127.0.0.1:1/second.html', 1);
    await expect(webkit.stopSession('second')).resolves.toEqual({ testCoverage: undefined });
    expect(drivers[1]?.navigations).toEqual(['http://127.0.0.1:1/second.html', 'about:blank']);
  });

  it('lets any other failure through as an error, keeping its driver', async () => {
    const webkit = await launcherWith('refuse scripts');
    await started(webkit, 'first', 'http://127.0.0.1:1/first.html', 0);

    await expect(webkit.stopSession('first')).rejects.toThrow('the page is gone');
    expect(drivers).toHaveLength(1);
    expect(drivers[0]?.stopped).toBe(false);
  });
});
