import { useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../dataProvider/http.ts';

export interface AppRecord {
  guid: string;
  name: string;
  code: string;
  app_id: string;
  type: number;
  status: number;
  description: string | null;
  icon: string | null;
  token_ttl: number;
  ability_codes: string[];
}

/** The app a page of `/business/app/:id/...` is about, read through the tenant's own mount (its BU only). */
export const appKey = (guid: string) => ['app', guid];
export const useApp = (guid: string) => useQuery({ queryKey: appKey(guid), queryFn: () => post<AppRecord>('/open/app/get-app-detail', { guid }) });
export const useRefreshApp = (guid: string) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: appKey(guid) });
};
