import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleInput } from '@common/schemas/vehicles';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * My Fleet's API layer: the one file of the feature that talks to the server. Queries are `queryOptions`
 * (keys from lib/query-keys.ts); each mutation invalidates what it changes, here and nowhere else.
 */

export const fleetQueries = {
  /** The signed-in member's vehicles, oldest first. */
  mine: () =>
    queryOptions({
      queryKey: queryKeys.fleet,
      queryFn: async () => (await call(client.vehicles.$get())).vehicles,
      staleTime: 60_000,
    }),
};

/** The member's vehicles; a visitor (`enabled: false`) asks nothing. */
export function useFleet(enabled: boolean) {
  return useQuery({ ...fleetQueries.mine(), enabled });
}

/** A vehicle changes which listings fit: the fleet and every listing query are fetched again. */
function useInvalidateFleet() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.fleet });
    void queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
  };
}

/** Adds a vehicle, or changes one when an id is given. */
export function useSaveVehicle(id?: string) {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (input: VehicleInput) =>
      id
        ? call(client.vehicles[':id'].$put({ param: { id }, json: input }))
        : call(client.vehicles.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteVehicle() {
  const invalidate = useInvalidateFleet();
  return useMutation({
    mutationFn: (id: string) => call(client.vehicles[':id'].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
