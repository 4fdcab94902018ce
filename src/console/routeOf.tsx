import { createContext, useContext } from 'react';
import { routeOf } from '../../dataProvider/calls.ts';
import type { ResourceDef } from '../../resources/types.ts';

/**
 * Where references point: the operator console routes a definition by its menu URL; the tenant
 * console provides its own routes (BU-side mounts), so a sub-account's roles read BU roles.
 */
export const RouteOfContext = createContext<(def: ResourceDef) => string>(routeOf);
export const useRouteOf = () => useContext(RouteOfContext);
