import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/** A pill on the listing page: available or sold, category, condition, hidden. */
export function Badge({
  children,
  tone = 'slate',
}: {
  children: ReactNode;
  tone?: 'slate' | 'green' | 'red' | 'brand';
}) {
  const tones = {
    slate: 'bg-slate-100 text-slate-800',
    green: 'bg-green-100 text-green-800',
    red: 'bg-red-100 text-red-800',
    brand: 'bg-brand-50 text-brand-700',
  };
  return <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/** A titled box of the listing page (fitment, details, description). */
export function Card({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
