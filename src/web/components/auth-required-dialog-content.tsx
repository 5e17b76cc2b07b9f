import { Link } from 'react-router';
import { useSignInPath } from '@/lib/sign-in-path';
import { Button } from './ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

/** The dialog itself, loaded the first time it opens (see auth-required-dialog.tsx). */
export default function AuthRequiredDialogContent({
  open,
  onOpenChange,
  description,
  next,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  next?: string;
}) {
  const signInPath = useSignInPath(next);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Authentication Required</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button asChild>
            <Link to={signInPath}>Sign In</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
