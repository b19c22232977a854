import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const folder = path.resolve('drizzle');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

describe('the migrations journal', () => {
  it('dates every migration after the one before, so a database that has the older ones applies it', () => {
    // Drizzle's migrator applies only migrations dated after the newest one a database has recorded:
    // one dated earlier would be skipped on every existing database (and applied on new ones).
    for (const [i, entry] of journal.entries.entries()) {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    }
  });

  it('names a SQL file and a snapshot for every entry', () => {
    for (const entry of journal.entries) {
      expect(existsSync(path.join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      const number = entry.tag.slice(0, 4);
      expect(existsSync(path.join(folder, 'meta', `${number}_snapshot.json`)), entry.tag).toBe(true);
    }
  });
});
