import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import sharp from 'sharp';

/**
 * Three small JPEGs in different colours, as a phone would give them: in the test's own output folder,
 * which the runner empties at the start of the next run.
 */
export async function photoFiles(): Promise<string[]> {
  const dir = test.info().outputPath('photos');
  mkdirSync(dir, { recursive: true });
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
