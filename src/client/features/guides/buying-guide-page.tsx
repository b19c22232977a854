import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CircleCheck,
  CreditCard,
  MessageCircle,
  RotateCcw,
  Ruler,
  Scale,
  Search,
  ShieldCheck,
} from 'lucide-react';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';

/** The guide's sections in reading order; each may end with a link to where the reader acts on it. */
const SECTIONS = [
  { id: 'find', icon: Search, tips: ['filters', 'partNumber', 'saveSearch'], link: 'browse' },
  { id: 'fitment', icon: Ruler, tips: ['years', 'partNumber', 'fleet', 'markets'], link: null },
  { id: 'message', icon: MessageCircle, tips: ['questions', 'agree', 'record'], link: 'signUp' },
  // Checkout as docs/payments.md describes it: where it is offered, delivery, escrow, cancelling.
  {
    id: 'pay',
    icon: CreditCard,
    tips: ['delivery', 'handoff', 'held', 'cancel', 'orders', 'contact'],
    link: null,
  },
  // Returns within 7 days where the seller accepts them, the fit guarantee, and disputes the desk
  // decides (card disputes the bank decides), as docs/payments.md describes them.
  {
    id: 'returns',
    icon: RotateCcw,
    tips: ['window', 'fit', 'answer', 'refund', 'receipt'],
    link: null,
  },
  { id: 'disputes', icon: Scale, tips: ['freeze', 'evidence', 'decide', 'card'], link: null },
  {
    id: 'safety',
    icon: ShieldCheck,
    tips: ['offPlatform', 'tooGood', 'verified', 'meetup', 'password', 'rules'],
    link: null,
  },
] as const;

const LINKS = {
  browse: paths.browse.href(),
  signUp: paths.auth.href({ mode: 'signup' }),
} as const;

export default function BuyingGuidePage() {
  const { t } = useTranslation('guides', { keyPrefix: 'buying' });

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} path={paths.buyingGuide.href()} />

      <header>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">{t('intro')}</p>
      </header>

      <div className="mt-10 space-y-6">
        {SECTIONS.map(({ id, icon: Icon, tips, link }) => (
          <section
            key={id}
            aria-labelledby={`buying-${id}`}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <h2 id={`buying-${id}`} className="text-xl font-bold sm:text-2xl">
                {t(`${id}.heading`)}
              </h2>
            </div>
            <p className="mt-4 text-slate-700">{t(`${id}.text`)}</p>
            <ul className="mt-4 space-y-2">
              {tips.map((tip) => (
                <li key={tip} className="flex gap-3 text-slate-700">
                  <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>{t(`${id}.tips.${tip}`)}</span>
                </li>
              ))}
            </ul>
            {link ? (
              <Link
                to={LINKS[link]}
                className="mt-5 inline-block font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {t(`${id}.link`)}
              </Link>
            ) : null}
          </section>
        ))}
      </div>

      <section
        aria-labelledby="buying-cta"
        className="mt-12 rounded-2xl bg-slate-900 p-6 text-center text-white sm:p-8"
      >
        <h2 id="buying-cta" className="text-2xl font-bold">
          {t('cta.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">{t('cta.text')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="h-auto! min-h-12 py-3 whitespace-normal!">
            <Link to={LINKS.browse}>{t('cta.browse')}</Link>
          </Button>
          <Button asChild size="lg" variant="secondary" className="h-auto! min-h-12 py-3 whitespace-normal!">
            <Link to={LINKS.signUp}>{t('cta.signUp')}</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
