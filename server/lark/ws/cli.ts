import { parseArgs } from 'node:util';
import { listen } from './forwarder.ts';

const USAGE = `Usage: npx open-platform listen --app-id <cli_…> --app-secret <secret> --forward-to <url> [--domain <url>]

  Holds the app's long connection to the platform and POSTs each event to --forward-to exactly
  as a push arrives (same body, encryption and signature headers); one line per event.
  --app-secret may be left out when OPEN_APP_SECRET holds it.
  --domain is the platform's address (default: OPEN_PLATFORM_URL, else http://127.0.0.1:8080).`;

/** `open-platform <command>`: answers the process's exit code, or never settles while listening. */
export const main = async (argv: string[]): Promise<number> => {
  const [command, ...rest] = argv;
  if (command !== 'listen') {
    console.log(USAGE);
    return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { 'app-id': { type: 'string' }, 'app-secret': { type: 'string' }, 'forward-to': { type: 'string' }, domain: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const appSecret = values['app-secret'] ?? process.env.OPEN_APP_SECRET;
  if (values.help || !values['app-id'] || !appSecret || !values['forward-to']) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  try {
    const { stop } = await listen({ appId: values['app-id'], appSecret, forwardTo: values['forward-to'], domain: values.domain ?? process.env.OPEN_PLATFORM_URL ?? 'http://127.0.0.1:8080' });
    await new Promise<void>((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
    stop();
    return 0;
  } catch (e) {
    console.error(`Could not connect: ${(e as Error).message}`);
    return 1;
  }
};
