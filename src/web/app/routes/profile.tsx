import { PageSpinner } from '@/components/ui/spinner';
import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { PasswordCard } from '@/features/auth/components/password-card';
import { MyChannelsCard } from '@/features/channels/components/my-channels-card';
import { SubscriptionsCard } from '@/features/channels/components/subscriptions-card';
import { EmailCard } from '@/features/email/components/email-card';
import { ProfileSummary } from '@/features/users/components/profile-summary';
import { userQueryKey } from '@/features/users/api/users';
import { channelsKeys } from '@/features/channels/api/channels';
import type { PageLoader } from '../page-data';

/** /profile: the signed-in user's own profile (protected in the router; spec 2 section 2). */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <>
      <DocumentTitle title={pageTitle('Profile')} />
      <ProfileSummary userId={user.id} isOwnProfile>
        <SubscriptionsCard userId={user.id} />
        <MyChannelsCard userId={user.id} />
        <EmailCard hasPassword={user.hasPassword} />
        <PasswordCard />
      </ProfileSummary>
    </>
  );
}

/** The reader's profile and subscriptions (their channels come with every signed-in page). */
export const loadPageData: PageLoader = async ({ source, queryClient, user }) => {
  if (!user) return;
  const [profile, subscriptions] = await Promise.all([source.user(user.id), source.subscriptions()]);
  if (profile) queryClient.setQueryData(userQueryKey(user.id), profile);
  queryClient.setQueryData(channelsKeys.subscriptions, subscriptions);
};
