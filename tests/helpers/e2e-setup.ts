import { afterAll } from 'vitest';
import { closeFileBrowser } from './browser.ts';

// Run for each journey file (vitest's setupFiles): its browser, shared by its journeys, is closed
// once its tests are done; the next file launches its own.
afterAll(closeFileBrowser);
