import type { StoredPhoto } from '@common/photos';
import { ApiClientError } from '@client/lib/api';
import { currentLanguage } from '@client/lib/i18n';

/** Uploads one photo with progress (fetch cannot report upload progress; XMLHttpRequest can). */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<StoredPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/photos');
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
      if (request.status === 201) resolve(body as StoredPhoto);
      else {
        const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
        reject(new ApiClientError(request.status, error?.code ?? 'INTERNAL_ERROR', error?.message ?? ''));
      }
    };
    const form = new FormData();
    form.set('file', file);
    request.send(form);
  });
}
