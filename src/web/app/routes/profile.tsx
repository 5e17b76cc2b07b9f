import { PageSpinner } from '@/components/ui/spinner';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { PasswordCard } from '@/features/auth/components/password-card';
import { MyChannelsCard } from '@/features/channels/components/my-channels-card';
import { SubscriptionsCard } from '@/features/channels/components/subscriptions-card';
import { EmailCard } from '@/features/email/components/email-card';
import { InvitationsCard } from '@/features/staff/components/invitations-card';
import { ProfileSummary } from '@/features/users/components/profile-summary';
import { YourDataCard } from '@/features/users/components/your-data-card';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClientOf } from '@/lib/router-context';
import { userQueryOptions } from '@/features/users/api/users';
import { subscriptionsQueryOptions } from '@/features/channels/api/subscriptions';
import { emailSettingsQueryOptions, notificationSettingsQueryOptions } from '@/features/email/api/email';
import { signedIn } from '../route-guards';

/** /profile: the signed-in user's own profile (docs/product.md#profile). */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <>
      <DocumentTitle title={pageTitle('Profile')} />
      <ProfileSummary userId={user.id} isOwnProfile>
        <InvitationsCard />
        <SubscriptionsCard userId={user.id} />
        <MyChannelsCard userId={user.id} />
        <EmailCard hasPassword={user.hasPassword} />
        <PasswordCard />
        <YourDataCard />
      </ProfileSummary>
    </>
  );
}

/** The reader's profile, subscriptions and email settings (their channels and invitations come with every signed-in page, from the root loader). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await signedIn(args);
  const queryClient = queryClientOf(args.context);
  await Promise.all([
    queryClient.ensureQueryData(userQueryOptions(user.id)),
    queryClient.ensureQueryData(subscriptionsQueryOptions(user.id)),
    queryClient.ensureQueryData(emailSettingsQueryOptions()),
    queryClient.ensureQueryData(notificationSettingsQueryOptions()),
  ]);
  return null;
}
