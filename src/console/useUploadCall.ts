import { useMemo } from 'react';
import { useResourceContext } from 'react-admin';
import type { ConsoleDef } from '../../resources/console-defs.ts';
import { callsFor, uploadCallOf } from './markdown.ts';
import { useRouteOf } from './routeOf.tsx';

/** The calls behind a form of `def`, and the segment of its upload call on this side, if it has one. */
export const useUploadCall = (def: ConsoleDef) => {
  const resource = useResourceContext();
  const fallback = useRouteOf()(def);
  const rc = useMemo(() => callsFor(def, resource, fallback), [def, resource, fallback]);
  return { rc, segment: uploadCallOf(rc) };
};
