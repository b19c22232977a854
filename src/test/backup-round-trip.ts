import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pino from 'pino';
import sharp from 'sharp';
import { expect } from 'vitest';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import type { ListingDetail } from '@common/schemas/listings';
import { loadEnv } from '@server/env';
import { startServer, type RunningServer } from '@server/start-server';
import type { BackupManifest } from '@server/backup/backup';
import { MEMBER_PASSWORD, signedInMember } from './members';
import { serverHarness } from './test-app';
import { TestBrowser, expectStatus, readAnswer } from './test-browser';
import { runScript } from './scripts';

/** `npm run backup` / `npm run restore` as an operator runs them, with the app's settings. */
export function operatorCommand(
  command: 'backup' | 'restore',
  folder: string,
  settings: Record<string, string>,
) {
  return runScript('scripts/backup.ts', [command, folder], settings);
}

const sha = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

async function photoBytes(server: RunningServer, photo: StoredPhoto) {
  const hashes = [];
  for (const width of photo.variants) {
    const served = await server.app.request(`/media/${photoVariantKey(photo, width)}`);
    expect(served.status).toBe(200);
    hashes.push(sha(await served.arrayBuffer()));
  }
  return hashes;
}

/**
 * Listings with photos and a conversation on a running server; a backup while it runs; the server
 * stopped and everything wiped (`wipe`); a restore; and a new server that has every listing, photo and
 * message, and lets the member sign in.
 */
export async function backupRoundTrip(options: {
  settings: Record<string, string>;
  folder: string;
  wipe: () => Promise<void>;
  /** The line the backup prints about the database. */
  dumpedBy: RegExp;
}) {
  const settings = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    ...options.settings,
  };
  const env = loadEnv(settings);
  const logger = pino({ level: 'silent' });
  let server = await startServer(env, logger);
  let running = true;
  /** What the restored server must have. */
  let before: {
    email: string;
    listings: ListingDetail[];
    photo: StoredPhoto;
    photoHashes: string[];
    conversation: string;
  };
  try {
    const host = serverHarness(server);
    const seller = await signedInMember(host, { plan: 'gold' });
    const buyer = await signedInMember(host, { firstName: 'Kai' });

    const jpeg = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 160, g: 40, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    // A raw multipart upload, as the photo picker sends it.
    const uploaded = await seller.browser.upload<StoredPhoto>(
      '/api/photos',
      new File([new Uint8Array(jpeg)], 'intake.jpg', { type: 'image/jpeg' }),
    );
    expect(uploaded.status).toBe(201);
    const part = {
      priceCents: 10000,
      category: 'engine',
      condition: 'good',
      make: 'Nissan',
      model: '240SX',
    } as const;
    const withPhoto = await readAnswer(
      seller.browser.api.listings.$post({
        json: { ...part, title: 'Intake manifold', photos: [uploaded.body] },
      }),
    );
    const plain = await readAnswer(
      seller.browser.api.listings.$post({ json: { ...part, title: 'Throttle body' } }),
    );
    expectStatus(withPhoto, 201);
    expectStatus(plain, 201);
    const photosBefore = await photoBytes(server, uploaded.body);

    const sent = await readAnswer(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: withPhoto.body.id },
        json: { content: 'Does the manifold fit an SR20?' },
      }),
    );
    expectStatus(sent, 201);
    const conversation = sent.body.conversationId;
    expect(
      (
        await seller.browser.api.conversations[':id'].messages.$post({
          param: { id: conversation },
          json: { content: 'It does, bolt-on.' },
        })
      ).status,
    ).toBe(201);

    const made = await operatorCommand('backup', options.folder, settings);
    expect(made.stdout).toMatch(options.dumpedBy);
    const manifest = JSON.parse(await readFile(`${options.folder}/manifest.json`, 'utf8')) as BackupManifest;
    // The photo's three sizes.
    expect(manifest.files.filter((file) => file.key.startsWith(`${uploaded.body.key}/`))).toHaveLength(
      uploaded.body.variants.length,
    );

    before = {
      email: seller.email,
      listings: [withPhoto.body, plain.body],
      photo: uploaded.body,
      photoHashes: photosBefore,
      conversation,
    };
    await server.stop();
    running = false;
  } finally {
    if (running) await server.stop();
  }
  await options.wipe();
  const restored = await operatorCommand('restore', options.folder, settings);
  expect(restored.stdout).toMatch(/Restored the backup/);

  server = await startServer(env, logger);
  try {
    const again = new TestBrowser(serverHarness(server), '203.0.113.200');
    const signedIn = await again.api.auth['sign-in'].$post({
      json: { email: before.email, password: MEMBER_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    for (const listing of before.listings) {
      const found = await readAnswer(again.api.listings[':id'].$get({ param: { id: listing.id } }));
      expectStatus(found, 200);
      expect(found.body.title).toBe(listing.title);
    }
    expect(await photoBytes(server, before.photo)).toEqual(before.photoHashes);
    const thread = await readAnswer(
      again.api.conversations[':id'].$get({ param: { id: before.conversation } }),
    );
    expectStatus(thread, 200);
    expect(thread.body.messages.map((message) => message.content)).toEqual([
      'Does the manifold fit an SR20?',
      'It does, bolt-on.',
    ]);
  } finally {
    await server.stop();
  }
}
