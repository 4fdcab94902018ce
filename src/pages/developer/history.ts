import { storagePrefix } from '../../../dataProvider/session.ts';

/** One call the console made: enough to list it and to fill the form again (never the token). */
export interface HistoryEntry {
  path: string;
  body: unknown;
  status: number;
  /** The envelope's code; null when the answer was no envelope. */
  code: number | null;
  ms: number;
  /** When it was sent, ms since the epoch. */
  at: number;
}

export const HISTORY_SIZE = 10;

export const historyKey = (appGuid: string) => `${storagePrefix()}debug-history:${appGuid}`;

const isEntry = (e: unknown): e is HistoryEntry =>
  !!e && typeof e === 'object' && typeof (e as HistoryEntry).path === 'string' && typeof (e as HistoryEntry).at === 'number';

/** What another version of the page stored, or a hand-edited value, reads as no history rather than a crash. */
export const readHistory = (appGuid: string): HistoryEntry[] => {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(historyKey(appGuid)) ?? '[]');
    return Array.isArray(list) ? list.filter(isEntry).slice(0, HISTORY_SIZE) : [];
  } catch {
    return [];
  }
};

/** Newest first; the oldest falls off past HISTORY_SIZE. Returns the list now stored. */
export const pushHistory = (appGuid: string, entry: HistoryEntry): HistoryEntry[] => {
  const list = [entry, ...readHistory(appGuid)].slice(0, HISTORY_SIZE);
  try {
    localStorage.setItem(historyKey(appGuid), JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list still shows for this visit.
  }
  return list;
};

export const clearHistory = (appGuid: string) => localStorage.removeItem(historyKey(appGuid));
