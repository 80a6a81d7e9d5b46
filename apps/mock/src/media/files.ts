import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NAME = /^[A-Za-z0-9_-]{1,80}(\.[a-z0-9]{1,8})?$/;

/**
 * The bytes of uploaded files, one folder per upload (`<dir>/<media id>/`). A folder is built under
 * `<dir>/.tmp/` and renamed into place in one step once every file in it is written and synced,
 * and only then does the store get its row: a failed or killed upload leaves at most a temp folder
 * (swept at the next start), never a row without its bytes. Without a folder (no `--data`) the
 * files go to a temporary folder removed when the process exits, so uploads never sit in memory.
 */
export class MediaFiles {
  private root: string | undefined;

  constructor(private readonly configured?: string) {}

  /** The folder, created on first use. */
  dir(): string {
    if (this.root) return this.root;
    if (this.configured) {
      mkdirSync(this.configured, { recursive: true });
      this.root = this.configured;
    } else {
      const made = mkdtempSync(join(tmpdir(), 'cohort-media-'));
      process.once('exit', () => rmSync(made, { recursive: true, force: true }));
      this.root = made;
    }
    return this.root;
  }

  /** A new empty staging folder under `.tmp/` for one upload. */
  async stage(): Promise<string> {
    const path = join(this.dir(), '.tmp', randomBytes(9).toString('base64url'));
    await mkdir(path, { recursive: true });
    return path;
  }

  /** Moves a staged folder, every file in it synced, into place as `<dir>/<id>/`. */
  async commit(staged: string, id: string): Promise<void> {
    if (!NAME.test(id)) throw new Error(`bad media id ${id}`);
    for (const file of readdirSync(staged)) {
      const handle = await open(join(staged, file), 'r');
      await handle.datasync().finally(() => handle.close());
    }
    await rename(staged, join(this.dir(), id));
    await syncDir(this.dir());
  }

  async discard(path: string): Promise<void> {
    await rm(path, { recursive: true, force: true });
  }

  /** Removes a committed upload's folder (its row could not be committed). */
  async remove(id: string): Promise<void> {
    if (NAME.test(id)) await rm(join(this.dir(), id), { recursive: true, force: true });
  }

  /** Where a stored file is, or undefined for a name that is not a plain file name. */
  pathOf(id: string, file: string): string | undefined {
    if (!NAME.test(id) || !NAME.test(file)) return undefined;
    return join(this.dir(), id, file);
  }

  /**
   * Removes what no row points at: staging folders of uploads that never finished (a crash, a
   * `kill -9`) and folders whose row was never committed. Run once at start-up, before listening.
   */
  sweep(known: (id: string) => boolean): void {
    if (!this.configured) return;
    const dir = this.dir();
    rmSync(join(dir, '.tmp'), { recursive: true, force: true });
    for (const entry of readdirSync(dir)) {
      if (!known(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
    }
  }
}

async function syncDir(path: string): Promise<void> {
  // A directory's rename is durable once the directory itself is synced (not possible on Windows).
  if (process.platform === 'win32') return;
  const handle = await open(path, 'r');
  await handle.sync().finally(() => handle.close());
}
