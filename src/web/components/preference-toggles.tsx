import { Fragment, lazy, Suspense, useState, type ReactElement } from 'react';
import { ImageIcon, ImageOffIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useImageVisibility } from '@/lib/image-visibility';
import { useTheme } from '@/lib/theme';
import { Button } from './ui/button';

const loadTooltips = () => import('./preference-toggle-tooltips');
const PreferenceToggleTooltips = lazy(loadTooltips);

export interface HintedButton {
  key: string;
  label: string;
  button: ReactElement;
}

/**
 * The header's icon buttons on larger screens: the theme toggle (signed-in users only, who alone can
 * change the theme) and the image toggle, which shows or hides article images everywhere (spec 1
 * section 2). Their tooltips' code (Radix Tooltip with its positioning) loads when the reader first
 * points at or focuses one of them; the buttons work before that.
 */
export function PreferenceToggleButtons() {
  const { theme, canChangeTheme, toggleTheme } = useTheme();
  const { showImages, toggleShowImages } = useImageVisibility();
  // Which button the reader reached first: 'pointer', or the key of the focused button.
  const [reached, setReached] = useState<string | null>(null);

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
  const plain = items.map((item) => <Fragment key={item.key}>{item.button}</Fragment>);

  return (
    <div
      className="contents"
      onPointerOver={() => setReached((r) => r ?? 'pointer')}
      onFocus={(event) => {
        const key = (event.target as HTMLElement).dataset.hint;
        setReached((r) => r ?? key ?? 'pointer');
      }}
    >
      {reached === null ? (
        plain
      ) : (
        <Suspense fallback={plain}>
          <PreferenceToggleTooltips items={items} focusKey={reached === 'pointer' ? null : reached} />
        </Suspense>
      )}
    </div>
  );
}
