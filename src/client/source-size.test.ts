import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One component per part of the screen (docs/decisions.md): a page holds its data and layout, and
 * each part of it is a component in its own file beside it, so no file of the client grows long.
 */
const MAX_LINES = 400;

describe('the client’s files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const root = path.resolve(__dirname);
    const long = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
