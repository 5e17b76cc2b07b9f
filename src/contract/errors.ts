import { z } from 'zod';

/** Every non-2xx JSON answer has this shape (DESIGN.md section 4). */
export const ErrorSchema = z.object({ error: z.string() }).meta({ id: 'Error' });
