import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@client/lib/toast';
import { CarFront, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { vehicleLabel, type Vehicle } from '@common/schemas/vehicles';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Modal } from '@client/components/ui/modal';
import { Skeleton } from '@client/components/ui/skeleton';
import { QueryError } from '@client/components/ui/query-error';
import { errorMessage } from '@client/lib/error-message';
import { useDeleteVehicle, useFleet } from './api';
import { VehicleForm } from './vehicle-form';

/** /my-fleet: the member's vehicles, for fitment across the marketplace. */
export default function MyFleet() {
  const { t } = useTranslation('fleet');
  const fleet = useFleet(true);
  // 'new', a vehicle id being edited, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const vehicles = fleet.data ?? [];

  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
            <p className="mt-1 text-slate-600">{t('subtitle')}</p>
          </div>
          {editing === null ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {t('add')}
            </Button>
          ) : null}
        </div>

        {editing === 'new' ? (
          <div className="mt-6">
            <VehicleForm onDone={() => setEditing(null)} />
          </div>
        ) : null}

        <div className="mt-6">
          {fleet.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {[0, 1].map((n) => (
                <Skeleton key={n} className="h-40 rounded-2xl!" />
              ))}
            </div>
          ) : fleet.isError ? (
            <QueryError query={fleet} />
          ) : vehicles.length === 0 && editing !== 'new' ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <CarFront aria-hidden className="mx-auto size-10 text-slate-400" />
              <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('empty')}</h2>
              <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('emptyBody')}</p>
              <Button className="mt-5" onClick={() => setEditing('new')}>
                <Plus aria-hidden className="size-4" />
                {t('add')}
              </Button>
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {vehicles.map((vehicle) =>
                editing === vehicle.id ? (
                  <li key={vehicle.id} className="sm:col-span-2">
                    <VehicleForm vehicle={vehicle} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <VehicleCard key={vehicle.id} vehicle={vehicle} onEdit={() => setEditing(vehicle.id)} />
                ),
              )}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}

function VehicleCard({ vehicle, onEdit }: { vehicle: Vehicle; onEdit: () => void }) {
  const { t } = useTranslation('fleet');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteVehicle();
  const label = vehicleLabel(vehicle);

  // Awaited: the deleted car leaves the fleet, and this card with it, before the answer is shown.
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(vehicle.id);
      toast.success(t('deleted'));
      setConfirming(false);
    } catch (error) {
      toast.error(t('deleteError'), { description: errorMessage(error, t) });
    }
  };

  const details: [string, string | null][] = [
    [vehicle.chassisCode ? t('card.chassis') : t('card.vin'), vehicle.vin],
    [t('card.plate'), vehicle.licensePlate],
    [t('card.color'), vehicle.color],
  ];

  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <CarFront aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{label}</h2>
          {vehicle.chassisCode ? (
            <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {vehicle.chassisCode}
            </span>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {details
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-500">{term}</dt>
              <dd className="font-mono break-all text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.browse.href({ fits: vehicle.id })}>
            <Search aria-hidden className="size-4" />
            {t('card.findParts')}
          </Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`${t('card.edit')}: ${label}`}>
          <Pencil aria-hidden className="size-4" />
          {t('card.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`${t('card.delete')}: ${label}`}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('card.delete')}
        </Button>
      </div>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.body', { vehicle: label })}
      >
        <Button variant="secondary" onClick={() => setConfirming(false)}>
          {t('cancel')}
        </Button>
        <Button disabled={remove.isPending} onClick={() => void confirmDelete()}>
          {t('confirmDelete.confirm')}
        </Button>
      </Modal>
    </li>
  );
}
