import { NotFound } from '../layout/not-found';

/** Any path the router does not know (docs/product.md#pages); the route table gives it status 404. */
export default function NotFoundPage() {
  return <NotFound />;
}

export const loader = () => null;
