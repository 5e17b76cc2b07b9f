import { useId } from 'react';
import { useImageVisibility } from '@/lib/image-visibility';
import { useTheme } from '@/lib/theme';
import { Label } from './ui/label';
import { Switch } from './ui/switch';

/** Labelled switch for the side menu. Renders nothing for signed-out visitors. */
export function ThemeSwitch() {
  const { theme, canChangeTheme, setTheme } = useTheme();
  const id = useId();
  if (!canChangeTheme) return null;
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id}>Dark theme</Label>
      <Switch id={id} checked={theme === 'dark'} onCheckedChange={(dark) => setTheme(dark ? 'dark' : 'light')} />
    </div>
  );
}

/** Labelled switch for the side menu. */
export function ImageSwitch() {
  const { showImages, setShowImages } = useImageVisibility();
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id}>Show images</Label>
      <Switch id={id} checked={showImages} onCheckedChange={setShowImages} />
    </div>
  );
}
