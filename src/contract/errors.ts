import { z } from 'zod';

/** Every non-2xx JSON answer has this shape (docs/product.md#api). */
export const ErrorSchema = z.object({ error: z.string() }).meta({ id: 'Error' });
