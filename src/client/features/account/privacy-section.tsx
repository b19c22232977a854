import { useQuery } from '@tanstack/react-query';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { accountQueries } from './api';
import { DeleteAccountCard } from './delete-account-card';
import { ExportCard } from './export-card';
import { BlockedMembersCard } from './blocked-members-card';

/** The member's data: who they blocked, a copy of it, and deleting the account. */
export function PrivacySection() {
  const account = useQuery(accountQueries.details());
  if (account.isError) return <QueryError query={account} />;
  if (!account.data) return <Skeleton className="h-48 w-full rounded-2xl" />;
  return (
    <div className="space-y-6">
      <BlockedMembersCard />
      <ExportCard account={account.data} />
      <DeleteAccountCard account={account.data} />
    </div>
  );
}
