import { diskLow } from '../db/free-space.ts';
import { Warning } from './envelope.ts';

/**
 * The refusal of a write while the embedded database's disk is nearly full (server/db/free-space.ts):
 * HTTP 507 Insufficient Storage (RFC 4918 §11.5) with the envelope's sentence (code 201, shown to
 * the person as it is). Not 503: space does not come back within a Retry-After, and a balancer or a
 * client retrying on 503 would only repeat it.
 */
const DISK_LOW = new Warning('server.disk_low', {}, null, 507);

/** Throws the refusal when the call is a `write` and the disk under `db`'s folder is low. */
export const refuseWriteWhenDiskLow = (db: object, write: boolean) => {
  if (write && diskLow(db)) throw DISK_LOW;
};
