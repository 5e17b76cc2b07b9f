import { DocumentTitle } from '@/components/document-title';
import { pageTitle } from '@/lib/site';
import { useAuth } from '@/features/auth/components/auth-provider';
import { CreateChannelForm } from '@/features/channels/components/create-channel-form';
import type { LoaderFunctionArgs } from 'react-router';
import { signedIn } from '../route-guards';

/** Signed-in readers only (docs/product.md#channels). */
export async function loader(args: LoaderFunctionArgs) {
  await signedIn(args);
  return null;
}

/** /channels/new (docs/product.md#channels). */
export default function NewChannelPage() {
  const { user } = useAuth();
  return (
    <div className="px-4 py-8 sm:py-10">
      <DocumentTitle title={pageTitle('Create Channel')} />
      <CreateChannelForm userId={user?.id ?? null} />
    </div>
  );
}
