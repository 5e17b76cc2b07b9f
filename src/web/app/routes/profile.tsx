import { PageSpinner } from '@/components/ui/spinner';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { PasswordCard } from '@/features/auth/components/password-card';
import { MyChannelsCard } from '@/features/channels/components/my-channels-card';
import { SubscriptionsCard } from '@/features/channels/components/subscriptions-card';
import { EmailCard } from '@/features/email/components/email-card';
import { ProfileSummary } from '@/features/users/components/profile-summary';

/** /profile: the signed-in user's own profile (protected in the router; spec 2 section 2). */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <PageSpinner />;
  return (
    <>
      <title>{pageTitle('Profile')}</title>
      <ProfileSummary userId={user.id} isOwnProfile>
        <SubscriptionsCard userId={user.id} />
        <MyChannelsCard userId={user.id} />
        <EmailCard />
        <PasswordCard />
      </ProfileSummary>
    </>
  );
}
