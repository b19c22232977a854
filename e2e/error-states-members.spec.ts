import type { Page } from '@playwright/test';
import { errorStateTests, newestListingId } from './support/error-states';

// A member's own screens: the inbox and a conversation, notifications and their settings, the
// community feed and the plan page. Each is made to fail once, then Try again brings its data.

/** Starts a conversation with a demo seller, so there is a thread to open. */
async function startConversation(page: Page): Promise<string> {
  const sent = await page.request.post(`/api/listings/${await newestListingId(page)}/messages`, {
    data: { content: 'Is this still available?' },
  });
  return ((await sent.json()) as { conversationId: string }).conversationId;
}

errorStateTests([
  {
    name: 'inbox',
    path: '/messages',
    request: /\/api\/conversations(\?.*)?$/,
    loaded: (page) => page.getByText(/^No conversations yet/),
  },
  {
    name: 'a conversation',
    path: async (page) => `/messages/${await startConversation(page)}`,
    request: /\/api\/conversations\/[0-9a-f-]{36}$/,
    loaded: (page) => page.getByLabel('Type your message'),
  },
  {
    name: 'notifications',
    path: '/notifications',
    request: /\/api\/notifications(\?.*)?$/,
    loaded: (page) => page.getByRole('heading', { name: 'No notifications yet' }),
  },
  {
    name: 'notification settings',
    path: '/notifications',
    request: '**/api/notifications/settings',
    loaded: (page) => page.getByRole('switch').first(),
  },
  {
    name: 'community feed',
    path: '/community',
    request: /\/api\/community\/posts(\?.*)?$/,
    loaded: (page) =>
      page
        .getByRole('article')
        .first()
        .or(page.getByRole('heading', { name: 'No builds yet' })),
  },
  {
    name: 'plans',
    path: '/upgrade',
    request: '**/api/billing',
    loaded: (page) => page.getByRole('heading', { name: 'What you use' }),
  },
]);
