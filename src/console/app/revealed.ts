import type { ConsoleDef } from '../../../resources/console-defs.ts';

/**
 * Secrets an answer shows once (an app's secret on create and on reset), kept in memory only until
 * the page that shows them takes them: never in storage, a URL or history state.
 */
const pending = new Map<string, Record<string, string>>();

/** The fields of a definition the server keeps as secrets (`secretHash()`): answered once, in clear. */
export const secretFields = (def: ConsoleDef) =>
  Object.entries(def.internalJson.properties ?? {})
    .filter(([, s]) => s.kind === 'secret')
    .map(([k]) => k);

export const keepRevealed = (def: ConsoleDef, guid: string, answer: Record<string, unknown>) => {
  const secrets = Object.fromEntries(secretFields(def).filter((f) => typeof answer[f] === 'string').map((f) => [f, answer[f] as string]));
  if (Object.keys(secrets).length) pending.set(guid, secrets);
};

/** The secrets waiting for this record, handed over once. */
export const takeRevealed = (guid: string) => {
  const secrets = pending.get(guid);
  pending.delete(guid);
  return secrets;
};

/** The secrets waiting for this record, left waiting: a render that may be discarded reads them, the commit takes them. */
export const peekRevealed = (guid: string) => pending.get(guid);
