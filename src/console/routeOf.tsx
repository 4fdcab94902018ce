import { createContext, useContext } from 'react';
import { routeOf } from '../../dataProvider/calls.ts';
import type { ConsoleDef } from '../../resources/console-defs.ts';

/**
 * Where references point: the operator console routes a definition by its menu URL; the tenant
 * console provides its own routes (BU-side mounts), so a sub-account's roles read BU roles.
 */
export const RouteOfContext = createContext<(def: ConsoleDef) => string>(routeOf);
export const useRouteOf = () => useContext(RouteOfContext);
