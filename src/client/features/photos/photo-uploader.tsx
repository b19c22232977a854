import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { toast } from '@client/lib/toast';
import type { StoredPhoto } from '@common/photos';
import { MAX_PHOTOS, RECOMMENDED_PHOTOS } from '@common/schemas/listings';
import { cn } from '@client/lib/cn';
import { uploadPhoto } from './api';
import { WaitingButton } from '@client/components/ui/waiting';

export interface PhotoItem {
  id: string;
  /** What the browser shows: a local preview while uploading, the stored photo after. */
  preview: string;
  photo: StoredPhoto | null;
  progress: number;
  failed: boolean;
}

export function storedItem(photo: StoredPhoto, url: string): PhotoItem {
  return { id: photo.key, preview: url, photo, progress: 1, failed: false };
}

/** Choose or drop up to 10 photos: previews, upload progress, reorder and remove. */
export function PhotoUploader({
  items,
  onChange,
  max = MAX_PHOTOS,
  label,
  hint,
  ordered = true,
}: {
  items: PhotoItem[];
  onChange: (update: (items: PhotoItem[]) => PhotoItem[]) => void;
  max?: number;
  label: string;
  /** Replaces the listing advice under the drop zone. */
  hint?: string;
  /** The order counts (the first is the cover, photos move left and right); not for evidence photos. */
  ordered?: boolean;
}) {
  const { t } = useTranslation('market');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const add = (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/') || file.type === '');
    if (items.length + images.length > max) {
      toast.error(t('form.tooManyImages'), { description: t('validation.tooManyPhotos', { ns: 'errors' }) });
    }
    const accepted = images.slice(0, Math.max(0, max - items.length));
    for (const file of accepted) {
      const id = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      onChange((current) => [...current, { id, preview, photo: null, progress: 0, failed: false }]);
      uploadPhoto(file, (progress) =>
        onChange((current) => current.map((item) => (item.id === id ? { ...item, progress } : item))),
      ).then(
        (photo) =>
          onChange((current) =>
            current.map((item) => (item.id === id ? { ...item, photo, progress: 1 } : item)),
          ),
        (error: unknown) => {
          toast.error(t('form.uploadError'), {
            description: error instanceof Error ? error.message : file.name,
          });
          onChange((current) => current.filter((item) => item.id !== id));
          URL.revokeObjectURL(preview);
        },
      );
    }
  };

  const move = (index: number, by: number) =>
    onChange((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          add([...event.dataTransfer.files]);
        }}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <ImagePlus aria-hidden className="size-8 text-slate-500" />
        <WaitingButton
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => input.current?.click()}
          disabled={items.length >= max}
        >
          {label}
        </WaitingButton>
        <p className="text-sm text-slate-600">{t('form.dropPhotos')}</p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple={max > 1}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {max > 1 ? (
        <p className="mt-2 text-sm text-slate-600">
          {hint ?? t('form.photosHint', { max, recommended: RECOMMENDED_PHOTOS })}{' '}
          <span className="font-medium">{t('form.photoCount', { count: items.length, max })}</span>
        </p>
      ) : null}
      {items.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
          {items.map((item, index) => (
            <li
              key={item.id}
              className="relative overflow-hidden rounded-lg border border-slate-200 bg-white"
            >
              <img src={item.preview} alt="" className="aspect-square w-full object-cover" />
              {item.photo ? null : (
                <div
                  className="absolute inset-x-2 bottom-2 h-1.5 overflow-hidden rounded-full bg-white/70"
                  role="progressbar"
                  aria-label={t('form.uploadingPhoto', { index: index + 1 })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress * 100)}
                >
                  <div
                    className="h-full bg-brand-600"
                    style={{ width: `${Math.round(item.progress * 100)}%` }}
                  />
                </div>
              )}
              {index === 0 && max > 1 && ordered ? (
                <span className="absolute top-1.5 left-1.5 rounded bg-slate-900/80 px-1.5 py-0.5 text-xs font-semibold text-white">
                  {t('form.cover')}
                </span>
              ) : null}
              <div className="absolute top-1.5 right-1.5 flex gap-1">
                {ordered && max > 1 && index > 0 ? (
                  <IconButton
                    label={t('form.moveLeft', { index: index + 1 })}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowLeft aria-hidden className="size-3.5" />
                  </IconButton>
                ) : null}
                {ordered && max > 1 && index < items.length - 1 ? (
                  <IconButton
                    label={t('form.moveRight', { index: index + 1 })}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowRight aria-hidden className="size-3.5" />
                  </IconButton>
                ) : null}
                <IconButton
                  label={t('form.removePhoto', { index: index + 1 })}
                  onClick={() => onChange((current) => current.filter((x) => x.id !== item.id))}
                >
                  <X aria-hidden className="size-3.5" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function IconButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <WaitingButton
      aria-label={label}
      onClick={onClick}
      className="rounded-full bg-white/90 p-1 text-slate-800 shadow hover:bg-white"
    >
      {children}
    </WaitingButton>
  );
}
