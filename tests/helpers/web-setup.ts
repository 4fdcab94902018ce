import { cleanup } from '@testing-library/react';

/**
 * The console's component tests read as a first visit from a Chinese browser: with no language
 * chosen, the shell follows `navigator.languages` (dataProvider/session.ts), which jsdom sets to English.
 */
Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN', 'zh'], configurable: true });

// Files of the `web` project share one document per worker (vitest.config.ts): each starts as a
// fresh one would, with nothing rendered, nothing stored and the address at `/`. Emotion's style
// tags stay: its cache, shared too, would not write them again.
cleanup();
document.body.replaceChildren();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
