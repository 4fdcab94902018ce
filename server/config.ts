import { resolve } from 'node:path';

/** Every environment variable the server reads (README "Configuration" lists them). */
export const config = () => ({
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: resolve(process.env.DATA_DIR ?? './data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  adminUsername: process.env.OPEN_ADMIN_USERNAME || undefined,
  adminPassword: process.env.OPEN_ADMIN_PASSWORD || undefined,
  trustProxy: !!process.env.TRUST_PROXY,
  staticDir: resolve(process.env.STATIC_DIR ?? './dist'),
  logLevel: process.env.LOG_LEVEL ?? 'info',
});
