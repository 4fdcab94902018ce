/// <reference types="vite/client" />
/** Menu URLs of the console screens generated from resources/ (vite.config.ts). */
declare const __CONSOLE_URLS__: string[];
