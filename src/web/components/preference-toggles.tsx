import { Fragment, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { ImageIcon, ImageOffIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useImageVisibility } from '@/lib/image-visibility';
import { useTheme } from '@/lib/theme';
import { Button } from './ui/button';

type TooltipsComponent = ComponentType<{ items: HintedButton[]; focusKey: string | null }>;

export interface HintedButton {
  key: string;
  label: string;
  button: ReactElement;
}

/**
 * The header's icon buttons on larger screens: the theme toggle (signed-in users only, who alone can
 * change the theme) and the image toggle, which shows or hides article images everywhere (docs/product.md#header). Their tooltips' code (Radix Tooltip with its positioning) is not part of the first
 * load: it downloads once the browser is idle after the first render, and the buttons, which work
 * before that, are then mounted again inside their tooltips. Loading on first hover instead would
 * swap the button under the pointer in the middle of a click.
 */
export function PreferenceToggleButtons() {
  const { theme, canChangeTheme, toggleTheme } = useTheme();
  const { showImages, toggleShowImages } = useImageVisibility();
  const [Tooltips, setTooltips] = useState<{ component: TooltipsComponent; focusKey: string | null } | null>(null);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      void import('./preference-toggle-tooltips')
        .then(({ default: component }) => {
          if (cancelled) return;
          // The button about to be mounted again gets the focus back.
          const focusKey = document.activeElement instanceof HTMLElement ? (document.activeElement.dataset.hint ?? null) : null;
          setTooltips({ component, focusKey });
        })
        .catch(() => undefined);
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 3000 }) : setTimeout(load, 1000);
    return () => {
      cancelled = true;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle as number);
      else clearTimeout(idle as ReturnType<typeof setTimeout>);
    };
  }, []);

  const items: HintedButton[] = [];
  if (canChangeTheme) {
    const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
    items.push({
      key: 'theme',
      label,
      button: (
        <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label} data-hint="theme">
          {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
        </Button>
      ),
    });
  }
  const imageLabel = showImages ? 'Hide images' : 'Show images';
  items.push({
    key: 'images',
    label: imageLabel,
    button: (
      <Button variant="ghost" size="icon" onClick={toggleShowImages} aria-label={imageLabel} data-hint="images">
        {showImages ? <ImageIcon aria-hidden="true" /> : <ImageOffIcon aria-hidden="true" />}
      </Button>
    ),
  });
  if (Tooltips) return <Tooltips.component items={items} focusKey={Tooltips.focusKey} />;
  return items.map((item) => <Fragment key={item.key}>{item.button}</Fragment>);
}
