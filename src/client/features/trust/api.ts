import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockInput, ReportInput } from '@common/schemas/trust';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Reports and blocking: the API layer. */
export const trustQueries = {
  blocked: () =>
    queryOptions({
      queryKey: queryKeys.blocks.list,
      queryFn: () => call(client.blocks.$get()),
    }),
  between: (memberId: string) =>
    queryOptions({
      queryKey: queryKeys.blocks.between(memberId),
      queryFn: () => call(client.blocks[':memberId'].$get({ param: { memberId } })),
    }),
};

export function useReport() {
  return useMutation({ mutationFn: (input: ReportInput) => call(client.reports.$post({ json: input })) });
}

/** Blocking changes who can message whom, and which listings browse shows. */
function useBlockChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      ]),
  });
}

export function useBlock() {
  return useBlockChange((input: BlockInput) => call(client.blocks.$put({ json: input })));
}

export function useUnblock() {
  return useBlockChange((memberId: string) =>
    call(client.blocks[':memberId'].$delete({ param: { memberId } })),
  );
}
