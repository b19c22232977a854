import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import {
  Bell,
  CheckCheck,
  DollarSign,
  HandCoins,
  Megaphone,
  MessageSquare,
  PackageSearch,
  Rocket,
  Sparkles,
  Tag,
} from 'lucide-react';
import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationSettings,
  type NotificationType,
} from '@common/schemas/notifications';
import { formatDate } from '@common/i18n/format';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { QueryError } from '@client/components/ui/query-error';
import { errorMessage } from '@client/lib/error-message';
import { Switch } from '@client/components/ui/switch';
import { LoadMore } from '@client/components/ui/load-more';
import { fallbackInterval, useRealtimeStatus } from '@client/features/realtime';
import { describeNotification } from './describe';
import { pushSupported } from './push';
import { notificationQueries, useMarkAllRead, useMarkRead, useSaveNotificationSettings } from './api';
import { WaitingButton } from '@client/components/ui/waiting';

const ICONS: Record<NotificationType, typeof Bell> = {
  message: MessageSquare,
  offer: HandCoins,
  price_drop: DollarSign,
  new_listing: Sparkles,
  wanted_match: PackageSearch,
  sale_update: Tag,
  boost_ended: Rocket,
  system: Megaphone,
};
const FILTERS = ['all', ...NOTIFICATION_TYPES] as const;
type Filter = (typeof FILTERS)[number];

/** /notifications: what happened, newest first, and the member's notification settings. */
export default function Notifications() {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<Filter>('all');
  const status = useRealtimeStatus();
  const list = useInfiniteQuery({
    ...notificationQueries.list(filter),
    refetchInterval: fallbackInterval(status, 30_000),
  });
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  const readAll = useMarkAllRead();
  const markAllRead = () =>
    readAll.mutate(undefined, {
      onSuccess: () => toast.success(t('markedAllRead')),
      onError: (error) => toast.error(errorMessage(error, t)),
    });

  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="notifications-title" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 id="notifications-title" className="text-2xl font-bold text-slate-900">
                {t('title')}
              </h1>
              <p className="mt-1 text-sm text-slate-600" aria-live="polite">
                {unread ? t('unreadCount', { count: unread }) : t('allCaughtUp')}
              </p>
            </div>
            <Button variant="secondary" disabled={!unread || readAll.isPending} onClick={markAllRead}>
              <CheckCheck aria-hidden className="size-4" />
              {t('markAllRead')}
            </Button>
          </div>

          <div role="group" aria-label={t('filterLabel')} className="mt-5 flex flex-wrap gap-2">
            {FILTERS.map((value) => (
              <WaitingButton
                key={value}
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className={cn(
                  'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
                  filter === value
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
                )}
              >
                {t(`types.${value}`)}
              </WaitingButton>
            ))}
          </div>

          <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {list.isPending ? (
              <div className="divide-y divide-slate-100">
                {[0, 1, 2, 3].map((n) => (
                  <div key={n} className="flex gap-3 p-4">
                    <Skeleton className="size-10 rounded-full!" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-4 w-1/2" />
                      <Skeleton className="h-4 w-3/4" />
                    </div>
                  </div>
                ))}
              </div>
            ) : list.isError ? (
              <QueryError query={list} className="rounded-none border-0" />
            ) : items.length === 0 ? (
              <div className="p-10 text-center">
                <Bell aria-hidden className="mx-auto size-10 text-slate-400" />
                <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('empty')}</h2>
                <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
                  {filter === 'all' ? t('emptyBody') : t('emptyType')}
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((notification) => (
                  <NotificationRow key={notification.id} notification={notification} />
                ))}
              </ul>
            )}
          </div>
          <LoadMore query={list} className="mt-4" label={t('loadMore')} />
        </section>
        <SettingsPanel />
      </div>
    </>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const language = useLanguage();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const Icon = ICONS[notification.type];
  const { title, description } = describeNotification(t, notification);

  const open = async () => {
    if (!notification.read) await markRead.mutateAsync(notification.id).catch(() => undefined);
    if (notification.link?.startsWith('/')) void navigate(notification.link);
  };

  return (
    <li>
      <WaitingButton
        onClick={() => void open()}
        className={cn(
          'flex w-full gap-3 p-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none',
          notification.read ? '' : 'bg-brand-50/60',
        )}
      >
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full',
            notification.read ? 'bg-slate-100 text-slate-500' : 'bg-brand-100 text-brand-700',
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('line-clamp-2 text-slate-900', notification.read ? '' : 'font-semibold')}>
              {title}
            </span>
            <time className="shrink-0 text-xs text-slate-500" dateTime={notification.createdAt}>
              {formatDate(new Date(notification.createdAt), language)}
            </time>
          </span>
          {description ? (
            <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">
              {description}
            </span>
          ) : null}
        </span>
        {notification.read ? null : (
          <span className="mt-1.5 flex shrink-0 items-center">
            <span aria-hidden className="size-2.5 rounded-full bg-brand-600" />
            <span className="sr-only">{t('unreadMark')}</span>
          </span>
        )}
      </WaitingButton>
    </li>
  );
}

/** The settings panel: what to be told about, then how. */
const SETTING_GROUPS = [
  { heading: 'kinds', keys: ['messages', 'priceDrops', 'newListings', 'saleUpdates', 'systemUpdates'] },
  { heading: 'channels', keys: ['emailNotifications', 'pushNotifications'] },
] as const;

function SettingsPanel() {
  const { t } = useTranslation('notifications');
  const [pushBlocked, setPushBlocked] = useState(
    () => pushSupported() && window.Notification.permission === 'denied',
  );
  const settings = useQuery(notificationQueries.settings());
  const save = useSaveNotificationSettings();

  const change = async (key: keyof NotificationSettings, value: boolean) => {
    if (!settings.data) return;
    if (key === 'pushNotifications' && value && pushSupported()) {
      const permission = await window.Notification.requestPermission();
      setPushBlocked(permission === 'denied');
      if (permission !== 'granted') return;
    }
    save.mutate(
      { ...settings.data, [key]: value },
      {
        onSuccess: () => toast.success(t('settings.saved'), { id: 'notification-settings' }),
        onError: (error) => toast.error(errorMessage(error, t)),
      },
    );
  };

  return (
    <aside
      aria-labelledby="settings-title"
      className="h-fit rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.description')}</p>
      {settings.data ? (
        <>
          {SETTING_GROUPS.map(({ heading, keys }) => (
            <div key={heading}>
              <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t(`settings.${heading}`)}
              </h3>
              <div className="divide-y divide-slate-100">
                {keys.map((key) => (
                  <Switch
                    key={key}
                    id={`setting-${key}`}
                    label={t(`settings.${key}.label`)}
                    hint={t(`settings.${key}.hint`)}
                    checked={settings.data[key]}
                    disabled={key === 'pushNotifications' && !pushSupported()}
                    onCheckedChange={(value) => void change(key, value)}
                  />
                ))}
              </div>
            </div>
          ))}
          {pushBlocked ? (
            <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t('settings.pushBlocked')}
            </p>
          ) : null}
        </>
      ) : settings.isError ? (
        <QueryError query={settings} className="mt-4" />
      ) : (
        <div className="mt-4 space-y-4">
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} className="h-10 w-full" />
          ))}
        </div>
      )}
    </aside>
  );
}
