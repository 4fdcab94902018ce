/**
 * The console's component tests read as a first visit from a Chinese browser: with no language
 * chosen, the shell follows `navigator.languages` (dataProvider/session.ts), which jsdom sets to English.
 */
Object.defineProperty(window.navigator, 'languages', { value: ['zh-CN', 'zh'], configurable: true });
