import { useId, type ReactNode } from 'react';

/** One panel of the settings page: a heading, what it is for, and its form or list. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {description ? <div className="mt-1 text-sm wrap-anywhere text-slate-600">{description}</div> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
