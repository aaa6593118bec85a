// @ts-check
// A port of 127.0.0.1 that nothing listens on now, for a server whose address must be known before it starts: the OS
// picks it for a probe, which closes again at once. Shared by the tests, their browser drivers and the scripts.
import { createServer } from 'node:net';

/** @returns {Promise<number>} */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
