import type { InferResponseType } from 'hono/client';
import { ApiClientError, client, errorFromAnswer } from '@client/lib/api';
import { currentLanguage } from '@client/lib/i18n';

export type UploadedPhoto = InferResponseType<typeof client.photos.$post, 201>;

/**
 * Uploads one photo with progress. The typed client's `fetch` cannot report upload progress and
 * XMLHttpRequest can, so this one call goes its own way; its URL and answer type still come from the
 * route table.
 */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', client.photos.$url().pathname);
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiClientError(0, 'NETWORK_ERROR', ''));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 201) resolve(body as UploadedPhoto);
      else reject(errorFromAnswer(request.status, body));
    };
    const form = new FormData();
    form.set('file', file);
    request.send(form);
  });
}
