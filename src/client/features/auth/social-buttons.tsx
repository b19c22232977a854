import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@common/schemas/auth';
import { cn } from '@client/lib/cn';
import { authQueries } from './api';
import { Button } from '@client/components/ui/button';

const marks: Record<SocialProvider, string> = { google: 'G', facebook: 'f', apple: '' };

/**
 * "Continue with" Google, Facebook or Apple, for the providers this deployment has configured only
 * (docs/product.md §6): with none, neither buttons nor the "or" line. The server renders the auth page
 * with the list (its `prefetch`), so the first paint shows what stays.
 */
export function SocialButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const providers = useQuery(authQueries.providers()).data?.providers ?? [];
  if (!providers.length) return null;

  const start = (provider: SocialProvider) => {
    const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    window.location.assign(`/api/auth/social/${provider}${query}`);
  };

  return (
    <div>
      <div className="my-6 flex items-center gap-3 text-sm text-slate-600">
        <span className="h-px flex-1 bg-slate-200" />
        {t('social.divider')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div
        className={cn(
          'grid gap-2',
          providers.length === 2 && 'sm:grid-cols-2',
          providers.length > 2 && 'sm:grid-cols-3',
        )}
      >
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            aria-label={t('social.continueWith', { provider: t(`social.${provider}`) })}
            onClick={() => start(provider)}
          >
            {marks[provider] ? (
              <span aria-hidden className="font-bold">
                {marks[provider]}
              </span>
            ) : null}
            <span className="truncate">{t(`social.${provider}`)}</span>
          </Button>
        ))}
      </div>
    </div>
  );
}
