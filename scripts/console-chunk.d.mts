import type { Plugin } from 'vite';
export declare const consoleChunk: () => {
  plugin: Plugin;
  learned: () => boolean;
};
