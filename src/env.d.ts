/// <reference types="vite/client" />
/** Menu URLs of the console screens generated from resources/ (vite.config.ts). */
declare const __CONSOLE_URLS__: string[];
/** Every resource definition as the console takes it (resources/console-defs.ts, vite.config.ts). */
declare const __CONSOLE_DEFS__: import('../resources/console-defs.ts').ConsoleDef[];
/** The tenant pages the definitions make (resources/pages.ts, vite.config.ts). */
declare const __TENANT_PAGES__: import('../resources/pages.ts').TenantPage[];
/** Label key of each definition's console screen by URL (resources/pages.ts, vite.config.ts). */
declare const __MENU_TITLES__: Record<string, string>;
