/**
 * Whether app `a` with listing `l` is in the store (docs/store.md): a store app, enabled, its listing
 * listed, and — a service provider's — its BU enabled. A provider's app has a listing only once a
 * version of it is approved (server/services/store-publish.ts).
 */
export const LISTED = `a.type = 0 and a.status = 0 and l.status = 0 and (a.bu_guid is null or exists (select 1 from bu pb where pb.guid = a.bu_guid and pb.status = 0))`;
