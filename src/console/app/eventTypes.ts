import { useQuery } from '@tanstack/react-query';
import { post } from '../../../dataProvider/http.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { seededText } from './seeded.ts';

/** One event type of the catalogue (`/open/app/event/info/list`, enabled types only). */
export interface EventType {
  guid: string;
  code: string;
  /** The scope the app must have opened to subscribe; null: none. */
  group_code: string | null;
  name: string;
  description: string | null;
}

/** A scope with this app's state (`/open/app/permissions/list`, the same query as the permissions page). */
export interface AppScope {
  code: string;
  name: string;
  status: number;
}

export const useEventTypes = () => useQuery({ queryKey: ['event-types'], queryFn: () => post<EventType[]>('/open/app/event/info/list', {}) });
export const useAppScopes = (appGuid: string) => useQuery({ queryKey: ['app-scopes', appGuid], queryFn: () => post<AppScope[]>('/open/app/permissions/list', { guid: appGuid }) });

/** An event type's name in the reader's language; a code the catalogue no longer lists stays a code. */
export const eventName = (lang: Lang, types: EventType[] | undefined, code: string) => {
  const type = types?.find((t) => t.code === code);
  // Seeded names are keyed by code with underscores for dots, which would split the message key.
  return type ? seededText(lang, 'event-info', type.code.replaceAll('.', '_'), 'name', type.name)! : code;
};

export const scopeName = (lang: Lang, scope: AppScope) => seededText(lang, 'api-group', scope.code, 'name', scope.name)!;
