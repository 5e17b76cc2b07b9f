import { useEffect, useState } from 'react';
import type { ArticleFormValues } from '@/lib/article-form';
import { articleValuesDiffer, clearUnsentArticle, readUnsentArticle, storeUnsentArticle, type UnsentArticle } from '../lib/unsent-article';
import { useUnsavedWorkGuard } from './unsaved-work';

export interface UnsentWorkOptions {
  /** The form's values now, and those the page opened with. */
  values: ArticleFormValues;
  initialValues: ArticleFormValues;
  /** Typed into since the page opened (or since a restore): only then is there work to keep. */
  touched: boolean;
  /** Saved, and the page is moving on: nothing left to keep. */
  disabled: boolean;
  /** The server's draft holds everything the form shows. */
  serverHasIt: boolean;
  /** Puts a kept copy into the form. */
  restore: (values: ArticleFormValues) => void;
}

/**
 * Unsaved work kept in this browser under `key` (lib/unsent-article): leaving with unsaved changes
 * asks first, and coming back offers the kept copy. The copy is for what the server does not hold
 * yet (offline, or before the first save); it is cleared once saved or on Cancel. Without a key,
 * nothing is kept and nothing asked.
 */
export function useUnsentWork(key: string | undefined, { values, initialValues, touched, disabled, serverHasIt, restore }: UnsentWorkOptions) {
  const [offer, setOffer] = useState<UnsentArticle | null>(null);
  const unsaved = key !== undefined && touched && !disabled && articleValuesDiffer(values, initialValues) && !serverHasIt;
  const { blocker, release } = useUnsavedWorkGuard(unsaved);

  // Read in an effect, not during render: the server's render and the first client render match.
  useEffect(() => {
    if (!key) return;
    const kept = readUnsentArticle(key);
    if (kept && articleValuesDiffer(kept.values, initialValues)) setOffer(kept);
    // Only when the page (its key) changes; the initial values of one page do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (!key || !touched) return;
    if (disabled) clearUnsentArticle(key);
    else if (articleValuesDiffer(values, initialValues) && !serverHasIt) storeUnsentArticle(key, values);
    else clearUnsentArticle(key);
  }, [key, touched, disabled, values, initialValues, serverHasIt]);

  return {
    blocker,
    /** The copy kept from an earlier visit, until it is restored or discarded. */
    offer,
    restore: () => {
      if (!offer) return;
      restore(offer.values);
      setOffer(null);
    },
    discardOffer: () => {
      if (key) clearUnsentArticle(key);
      setOffer(null);
    },
    /** Cancel throws the changes away on purpose: nothing to ask about, nothing to keep. */
    forget: () => {
      release();
      if (key) clearUnsentArticle(key);
    },
  };
}
