// vitest globalSetup: empties test-results/ once before a run, so the failure screenshots there are this run's.
import { rm } from 'node:fs/promises';

export default async function clearTestResults(): Promise<void> {
  await rm(new URL('../../test-results/', import.meta.url), { recursive: true, force: true });
}
