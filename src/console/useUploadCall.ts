import { useMemo } from 'react';
import { useResourceContext } from 'react-admin';
import type { ResourceDef } from '../../resources/types.ts';
import { callsFor, uploadCallOf } from './markdown.ts';
import { useRouteOf } from './routeOf.tsx';

/** The calls behind a form of `def`, and the segment of its upload call on this side, if it has one. */
export const useUploadCall = (def: ResourceDef) => {
  const resource = useResourceContext();
  const fallback = useRouteOf()(def);
  const rc = useMemo(() => callsFor(def, resource, fallback), [def, resource, fallback]);
  return { rc, segment: uploadCallOf(rc) };
};
