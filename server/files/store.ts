import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/driver.ts';

export interface StoredFile {
  guid: string;
  name: string;
  content_type: string;
  size: number;
  image: boolean;
}

/** Uploaded files: bytes in a folder (DATA_DIR/files, or FILES_DIR), their names and types in the `file` table. */
export class FileStore {
  constructor(
    private readonly db: Db,
    readonly dir: string,
  ) {}

  /** Writes the bytes under a new guid (a temporary name first, so a half-written file is never served). */
  async save(file: Omit<StoredFile, 'guid' | 'size'>, bytes: Buffer, by: string | null): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const guid = randomUUID();
    const path = join(this.dir, guid);
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    await this.db.query('insert into file (guid, name, content_type, size, image, created_by) values ($1, $2, $3, $4, $5, $6)', [guid, file.name, file.content_type, bytes.length, file.image, by]);
    return { guid, ...file, size: bytes.length };
  }

  async find(guid: string): Promise<StoredFile | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(guid)) return undefined;
    return (await this.db.query<StoredFile>('select guid, name, content_type, size, image from file where guid = $1', [guid])).rows[0];
  }

  stream(guid: string) {
    return createReadStream(join(this.dir, guid));
  }
}
