import sharp from 'sharp';
import type { StoredPhoto } from '@common/photos';
import type { TestApp } from './test-app';
import type { TestBrowser } from './test-browser';

/** Uploads a small JPEG as the browser's member, as the photo picker does; the stored photo. */
export async function uploadTestPhoto(t: Pick<TestApp, 'app'>, browser: TestBrowser): Promise<StoredPhoto> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' }));
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await t.app.request('/api/photos', {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie },
  });
  return (await response.json()) as StoredPhoto;
}
