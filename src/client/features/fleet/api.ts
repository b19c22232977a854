import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@common/schemas/vehicles';
import { api } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

export const fleetKeys = { all: ['vehicles'] as const };

/** The signed-in member's vehicles (none for a visitor). */
export function useFleet(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.fleet,
    queryFn: async () => (await api<{ vehicles: Vehicle[] }>('/vehicles')).vehicles,
    enabled,
    staleTime: 60_000,
  });
}
