import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where uploaded files go. Local disk by default; an S3-compatible adapter can implement the same. */
export interface Storage {
  /** Stores `bytes` under `key` (`202601/<random>.png`) and returns its public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** A readable stream of a stored file, or null (local disk serves /uploads/*). */
  open?(key: string): Promise<NodeJS.ReadableStream | null>;
}

export const UPLOAD_KEY = /^(\d{6})\/([A-Za-z0-9_-]{16,64})\.(png|jpg|gif|webp)$/;

/** Files under DATA_DIR/uploads, served by the app at /uploads/<key>. */
export class LocalDiskStorage implements Storage {
  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<string> {
    if (!UPLOAD_KEY.test(key)) throw new Error(`bad storage key ${key}`);
    const file = join(this.dir, key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx' });
    return `/uploads/${key}`;
  }

  async open(key: string): Promise<NodeJS.ReadableStream | null> {
    if (!UPLOAD_KEY.test(key)) return null;
    const file = join(this.dir, key);
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(file);
  }
}
