/// <reference types="vite/client" />
/** Menu URLs of the console screens generated from resources/ (vite.config.ts). */
declare const __CONSOLE_URLS__: string[];
/** Every resource definition as the console takes it (resources/console-defs.ts, vite.config.ts). */
declare const __CONSOLE_DEFS__: import('../resources/console-defs.ts').ConsoleDef[];
