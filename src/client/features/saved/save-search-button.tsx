import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkPlus } from 'lucide-react';
import type { BrowseQuery } from '@common/schemas/browse';
import { Button } from '@client/components/ui/button';

const load = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(load);

/** "Save Search" on /browse: the button, and the dialog loaded the first time it is pressed. */
export function SaveSearchButton({ query, suggestedName }: { query: BrowseQuery; suggestedName: string }) {
  const { t } = useTranslation('saved');
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh form, named after the search as it is then.
  const [opening, setOpening] = useState<{ name: string; count: number } | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        onPointerDown={() => void load()}
        onClick={() => {
          setOpening((last) => ({ name: suggestedName, count: (last?.count ?? 0) + 1 }));
          setOpen(true);
        }}
      >
        <BookmarkPlus aria-hidden className="size-4" />
        {t('save.button')}
      </Button>
      {opening ? (
        <Suspense fallback={null}>
          <SaveSearchDialog
            key={opening.count}
            query={query}
            suggestedName={opening.name}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
