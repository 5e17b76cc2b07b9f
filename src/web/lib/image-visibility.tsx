import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { PREFERENCE_COOKIES } from '@contract/pages';
import { STORAGE_KEYS } from './storage';
import { createStoredValue, useStoredValue } from './stored-value';
import { usePagePreferences } from './page-preferences';

/** Images are shown unless the reader hid them (docs/product.md#header). */
export function parseStoredShowImages(raw: string | null): boolean {
  return raw !== 'false';
}

/** Mirrored in a cookie, so the server leaves hidden images out of the page it renders. */
export const storedShowImages = createStoredValue<boolean>(STORAGE_KEYS.showImages, parseStoredShowImages, { cookie: PREFERENCE_COOKIES.showImages });

interface ImageVisibilityContextValue {
  /** Whether article images are shown; the toggle hides them everywhere (docs/product.md#header). */
  showImages: boolean;
  setShowImages: (show: boolean) => void;
  toggleShowImages: () => void;
}

const ImageVisibilityContext = createContext<ImageVisibilityContextValue | null>(null);

export function ImageVisibilityProvider({ children }: { children: ReactNode }) {
  const showImages = useStoredValue(storedShowImages, usePagePreferences().showImages);
  const value = useMemo<ImageVisibilityContextValue>(
    () => ({
      showImages,
      setShowImages: (show) => storedShowImages.set(show),
      toggleShowImages: () => storedShowImages.set(!showImages),
    }),
    [showImages],
  );
  return <ImageVisibilityContext.Provider value={value}>{children}</ImageVisibilityContext.Provider>;
}

export function useImageVisibility(): ImageVisibilityContextValue {
  const value = useContext(ImageVisibilityContext);
  if (!value) throw new Error('useImageVisibility must be used within an ImageVisibilityProvider');
  return value;
}
