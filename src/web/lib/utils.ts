import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './merge-classes';

/** Joins class names and lets later Tailwind classes override earlier ones (the shadcn/ui helper). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
