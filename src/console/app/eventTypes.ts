import { useQuery } from '@tanstack/react-query';
import { post } from '../../../dataProvider/http.ts';
import type { Lang } from '../../../i18n/languages.ts';
import { eventMessageKey } from '../../../schemas/event.ts';
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

/** A scope with this app's state (`/open/app/permissions/list`). */
export interface AppScope {
  code: string;
  name: string;
  status: number;
}

export const useEventTypes = () => useQuery({ queryKey: ['event-types'], queryFn: () => post<EventType[]>('/open/app/event/info/list', {}) });
/** The app's scopes with its state in each; the App permissions page and the events page share the query (and its invalidation). */
export const appScopesKey = (appGuid: string) => ['app-scopes', appGuid];
export const useAppScopes = <S extends AppScope = AppScope>(appGuid: string) => useQuery({ queryKey: appScopesKey(appGuid), queryFn: () => post<S[]>('/open/app/permissions/list', { guid: appGuid }) });

/** An event type's name in the reader's language; a code the catalogue no longer lists stays a code. */
export const eventName = (lang: Lang, types: EventType[] | undefined, code: string) => {
  const type = types?.find((t) => t.code === code);
  return type ? seededText(lang, 'event-info', eventMessageKey(type.code), 'name', type.name)! : code;
};

export const scopeName = (lang: Lang, scope: AppScope) => seededText(lang, 'api-group', scope.code, 'name', scope.name)!;
