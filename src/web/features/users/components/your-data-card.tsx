import { DownloadIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The profile's download of everything the person has put into the site, as one JSON file. */
export function YourDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>Your profile, comments, reactions, subscriptions and channels, as one JSON file.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* A plain link: the browser saves the file the server marks as a download, with the session cookie. */}
        <a href="/api/user/export" download className={buttonVariants({ variant: 'outline' })}>
          <DownloadIcon aria-hidden="true" />
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}
