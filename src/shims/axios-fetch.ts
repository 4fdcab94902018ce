// axios picks the first adapter the environment supports, XMLHttpRequest before fetch, and every
// browser (and jsdom) has XMLHttpRequest: its fetch adapter (~5 KB gzipped) would never run. Its
// adapter list asks this module whether fetch is usable; vite.config.ts points axios' import here.
export const getFetch = () => false;
