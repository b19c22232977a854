import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { Button } from '@client/components/ui/button';

const load = () => import('./contact-seller-dialog');
const ContactSellerDialog = lazy(load);

/** Contact Seller: the button, and the message dialog loaded the first time it is pressed. */
export function ContactSeller({ listingId, title }: { listingId: string; title: string }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* The label wraps rather than overflows both ends: a phone's bar beside a long price is narrow. */}
      <Button
        size="lg"
        className="h-auto! min-h-12 w-full py-2 text-center leading-tight whitespace-normal!"
        aria-haspopup="dialog"
        onPointerDown={() => void load()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <MessageCircle aria-hidden className="size-5 shrink-0" />
        {t('listing.contact')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ContactSellerDialog listingId={listingId} title={title} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
