import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/driver.ts';

export interface StoredFile {
  guid: string;
  name: string;
  content_type: string;
  size: number;
  image: boolean;
  /** Anyone may read it (a document's image); otherwise only its owner and readers of a record naming it (server/files/access.ts). */
  public: boolean;
  created_by: string | null;
  /** The BU it was uploaded for (a tenant's); null for an operator's. */
  bu_guid: string | null;
}

/** Who uploads a file, and whether everyone may read it. */
export interface FileOwner {
  public: boolean;
  createdBy: string | null;
  buGuid: string | null;
}

/** A file's address as records hold it and the upload call answers it. */
export const fileAddress = (guid: string) => `/open/file/${guid}`;

const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ADDRESS = new RegExp(`^/open/file/(${GUID})$`);
const ONLY_GUID = new RegExp(`^${GUID}$`, 'i');

/** The guid in a file's address, or null for any other value. */
export const guidOfAddress = (address: unknown) => (typeof address === 'string' ? ADDRESS.exec(address)?.[1] ?? null : null);

/** Uploaded files: bytes in a folder (DATA_DIR/files, or FILES_DIR), their names and types in the `file` table. */
export class FileStore {
  constructor(
    private readonly db: Db,
    readonly dir: string,
  ) {}

  /** Writes the bytes under a new guid (a temporary name first, so a half-written file is never served). */
  async save(file: Pick<StoredFile, 'name' | 'content_type' | 'image'>, bytes: Buffer, owner: FileOwner): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const guid = randomUUID();
    const path = join(this.dir, guid);
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    await this.db.query('insert into file (guid, name, content_type, size, image, created_by, public, bu_guid) values ($1, $2, $3, $4, $5, $6, $7, $8)', [
      guid, file.name, file.content_type, bytes.length, file.image, owner.createdBy, owner.public, owner.buGuid,
    ]);
    return { guid, ...file, size: bytes.length, public: owner.public, created_by: owner.createdBy, bu_guid: owner.buGuid };
  }

  async find(guid: string): Promise<StoredFile | undefined> {
    if (!ONLY_GUID.test(guid)) return undefined;
    return (await this.db.query<StoredFile>('select guid, name, content_type, size, image, public, created_by, bu_guid from file where guid = $1', [guid])).rows[0];
  }

  /** The names of the files at these addresses, by address (for screens that link them by name). */
  async names(addresses: readonly string[]): Promise<Record<string, string>> {
    const guids = addresses.map(guidOfAddress).filter((g): g is string => !!g);
    if (!guids.length) return {};
    const { rows } = await this.db.query<{ guid: string; name: string }>('select guid, name from file where guid = any($1::uuid[])', [guids]);
    return Object.fromEntries(rows.map((r) => [fileAddress(r.guid), r.name]));
  }

  /** The first `n` bytes of a stored file (an image's header), or null when its bytes are gone. */
  async head(guid: string, n: number): Promise<Buffer | null> {
    if (!ONLY_GUID.test(guid)) return null;
    const handle = await open(join(this.dir, guid)).catch(() => null);
    if (!handle) return null;
    try {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buf, 0, n, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  stream(guid: string) {
    return createReadStream(join(this.dir, guid));
  }
}
