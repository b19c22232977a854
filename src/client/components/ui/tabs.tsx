import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

/**
 * Tabs (Radix): arrow keys move between tabs, only the selected tab is in the Tab order, and each
 * panel is labelled by its tab. `value`/`onValueChange` keep the choice where the page wants it (the URL).
 */
export const Tabs = RadixTabs.Root;

export function TabList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return (
    <RadixTabs.List
      className={cn('grid auto-cols-fr grid-flow-col rounded-lg bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

export function Tab({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'h-10 rounded-md px-3 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-brand-600',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabPanel({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('outline-none', className)} {...props} />;
}
