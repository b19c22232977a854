import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Three small JPEGs in different colours, as a phone would give them. */
export async function photoFiles(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'modmarket-photos-'));
  const colours = [
    { r: 200, g: 40, b: 30 },
    { r: 30, g: 120, b: 200 },
    { r: 40, g: 160, b: 60 },
  ];
  return Promise.all(
    colours.map(async (background, i) => {
      const file = path.join(dir, `part-${i + 1}.jpg`);
      writeFileSync(
        file,
        await sharp({ create: { width: 900, height: 600, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      );
      return file;
    }),
  );
}
