import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';
import { useWaiting } from '@client/lib/use-alive';

/**
 * Tabs (Radix): arrow keys move between tabs, only the selected tab is in the Tab order, and each
 * panel is labelled by its tab. `value`/`onValueChange` keep the choice where the page wants it (the URL).
 */
export const Tabs = RadixTabs.Root;

/** `pills`: segments in a grey track (sign in / sign up); `underline`: a row of tabs over a rule. */
type TabStyle = 'pills' | 'underline';

const listStyles: Record<TabStyle, string> = {
  pills: 'grid auto-cols-fr grid-flow-col rounded-lg bg-slate-100 p-1',
  underline: 'flex gap-1 border-b border-slate-200',
};
const tabStyles: Record<TabStyle, string> = {
  pills:
    'h-10 rounded-md px-3 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
  underline:
    '-mb-px border-b-2 border-transparent px-4 py-2.5 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700',
};

export function TabList({
  className,
  look = 'pills',
  ...props
}: ComponentProps<typeof RadixTabs.List> & { look?: TabStyle }) {
  return <RadixTabs.List className={cn(listStyles[look], className)} {...props} />;
}

/**
 * A tab waits for the page to come alive, as a button does (`useWaiting`): a tap on the server's HTML
 * before then would change nothing and be lost.
 */
export function Tab({
  className,
  look = 'pills',
  disabled,
  ...props
}: ComponentProps<typeof RadixTabs.Trigger> & { look?: TabStyle }) {
  const waiting = useWaiting(disabled);
  return (
    <RadixTabs.Trigger
      className={cn(
        'text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-brand-600',
        tabStyles[look],
        className,
      )}
      {...props}
      {...waiting}
    />
  );
}

export function TabPanel({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('outline-none', className)} {...props} />;
}
