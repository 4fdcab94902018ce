import { registerSharedMessages, uiMessages } from './client.ts';
import { sharedMessages, type Lang } from './index.ts';

/** Everything the browser shows: the shared messages (server, validation, resource labels) plus the UI's own. */
export const clientMessages: Record<Lang, Record<string, unknown>> = {
  zh: { ...sharedMessages.zh, ...uiMessages.zh },
  hk: { ...sharedMessages.hk, ...uiMessages.hk },
  en: { ...sharedMessages.en, ...uiMessages.en },
};

// Importing this module (the console does) lets the shell's `tr` read the shared messages too.
registerSharedMessages(sharedMessages);
