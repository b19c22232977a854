import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PlaceOrderSchema, type CheckoutQuote } from '@common/schemas/orders';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert, TextField } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { RadioCard } from '@client/components/ui/radio-card';
import { Skeleton } from '@client/components/ui/skeleton';
import { NameGate } from '@client/features/account';
import { orderQueries, usePlaceOrder } from './api';
import { AmountsTable, DemoNote, HeldBadge, ReturnPolicy } from './order-ui';

/** /checkout/{listing}: how the part reaches the buyer, the total, and Pay (Stripe) or Place order (demo). */
export default function CheckoutPage() {
  const { t } = useTranslation(['orders', 'errors']);
  const { id = '' } = useParams();
  const quote = useQuery(orderQueries.checkout(id));
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <PageMeta title={t('checkout.title')} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('checkout.title')}</h1>
      {quote.data ? (
        <div className="mt-6">
          <NameGate>
            <CheckoutForm quote={quote.data} />
          </NameGate>
        </div>
      ) : quote.error instanceof ApiClientError && quote.error.status !== 503 && quote.error.status < 500 ? (
        <div className="mt-6 space-y-4">
          <Alert tone="error">{errorMessage(quote.error, t)}</Alert>
          <Button asChild variant="secondary">
            <Link to={paths.listing.href(id)}>{t('checkout.backToListing')}</Link>
          </Button>
        </div>
      ) : quote.isError ? (
        <QueryError query={quote} className="mt-6" />
      ) : (
        <div className="mt-6 space-y-4" role="status">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </div>
  );
}

const emptyAddress = { name: '', line1: '', line2: '', city: '', state: '', zip: '' };

/** The address form's fields: name, what browsers fill them with, their width, and extra input props. */
const ADDRESS_FIELDS: [keyof typeof emptyAddress, string, string, object][] = [
  ['name', 'shipping name', 'sm:col-span-6', {}],
  ['line1', 'shipping address-line1', 'sm:col-span-6', {}],
  ['line2', 'shipping address-line2', 'sm:col-span-6', {}],
  ['city', 'shipping address-level2', 'sm:col-span-3', {}],
  ['state', 'shipping address-level1', 'sm:col-span-1', { maxLength: 2 }],
  ['zip', 'shipping postal-code', 'sm:col-span-2', { inputMode: 'numeric' }],
];

function CheckoutForm({ quote }: { quote: CheckoutQuote }) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const navigate = useNavigate();
  const place = usePlaceOrder(quote.listingId);
  const form = useSchemaForm(PlaceOrderSchema, {
    defaultValues: {
      delivery: quote.shippingCents !== null ? 'ship' : 'pickup',
      address: emptyAddress,
      ...(quote.offerId ? { offerId: quote.offerId } : {}),
    } as never,
  });
  const delivery = useWatch({ control: form.control, name: 'delivery' });
  const shippingCents = delivery === 'ship' ? (quote.shippingCents ?? 0) : 0;
  const total = quote.itemCents + shippingCents;
  const errors = form.formState.errors as {
    address?: Partial<Record<keyof typeof emptyAddress, { message?: string }>>;
  };

  const submit = form.handleSubmit(async (input) => {
    try {
      const placed = await place.mutateAsync(input);
      if (placed.payUrl) window.location.assign(placed.payUrl);
      else await navigate(paths.order.href(placed.orderId));
    } catch (error) {
      showServerErrors(form, error);
      toast.error(t('checkout.failed'), { description: errorMessage(error, t) });
    }
  });

  const field = (name: keyof typeof emptyAddress, autoComplete: string, extra: object = {}) => (
    <TextField
      label={t(`checkout.${name}`)}
      autoComplete={autoComplete}
      error={message(errors.address?.[name]?.message)}
      {...extra}
      {...form.register(`address.${name}` as never)}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 space-y-6">
      {quote.demo ? <DemoNote /> : null}
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="font-semibold text-slate-900">{quote.title}</h2>
        {quote.sellerName ? (
          <p className="text-sm text-slate-600">{t('checkout.soldBy', { name: quote.sellerName })}</p>
        ) : null}
        {quote.offerId ? <p className="mt-1 text-sm text-brand-700">{t('checkout.fromOffer')}</p> : null}
        <div className="mt-3">
          <HeldBadge held={quote.held} explain />
        </div>
        <ReturnPolicy accepts={quote.returnsAccepted} fitVehicle={quote.fitVehicle} className="mt-3" />
      </section>

      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-900">{t('checkout.delivery')}</legend>
        {quote.shippingCents !== null ? (
          <RadioCard
            value="ship"
            title={t('checkout.ship')}
            detail={
              quote.shippingCents ? formatPrice(quote.shippingCents, { cents: true }) : t('amounts.free')
            }
            {...form.register('delivery')}
          />
        ) : null}
        {quote.localPickup ? (
          <RadioCard
            value="pickup"
            title={t('checkout.pickup')}
            detail={t('checkout.pickupHelp')}
            {...form.register('delivery')}
          />
        ) : null}
      </fieldset>

      {delivery === 'ship' ? (
        <fieldset className="grid gap-4 sm:grid-cols-6">
          <legend className="mb-2 font-semibold text-slate-900">{t('checkout.address')}</legend>
          {ADDRESS_FIELDS.map(([name, autoComplete, span, extra]) => (
            <div key={name} className={span}>
              {field(name, autoComplete, extra)}
            </div>
          ))}
        </fieldset>
      ) : null}

      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <AmountsTable
          amounts={{ itemCents: quote.itemCents, shippingCents, totalCents: total }}
          seller={false}
        />
      </section>

      <div className="space-y-2">
        <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
          {quote.demo
            ? t('checkout.placeDemo', { total: formatPrice(total, { cents: true }) })
            : t('checkout.pay', { total: formatPrice(total, { cents: true }) })}
        </Button>
        {quote.demo ? null : <p className="text-center text-sm text-slate-600">{t('checkout.toStripe')}</p>}
      </div>
    </form>
  );
}
