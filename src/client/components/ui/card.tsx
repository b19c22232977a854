import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/** The centred panel of the account screens. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="px-4 py-10 sm:py-16">
      <div
        className={cn(
          'mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8',
          className,
        )}
      >
        {children}
      </div>
    </div>
  );
}
