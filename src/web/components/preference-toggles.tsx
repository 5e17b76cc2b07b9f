import { useId } from 'react';
import { ImageIcon, ImageOffIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useImageVisibility } from '@/lib/image-visibility';
import { useTheme } from '@/lib/theme';
import { Button } from './ui/button';
import { Label } from './ui/label';
import { Switch } from './ui/switch';
import { Tooltip, TooltipContent, TooltipTrigger } from './ui/tooltip';

/** Icon button for the header on larger screens. Renders nothing for signed-out visitors, who cannot change the theme. */
export function ThemeToggleButton() {
  const { theme, canChangeTheme, toggleTheme } = useTheme();
  if (!canChangeTheme) return null;
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={label}>
          {theme === 'dark' ? <SunIcon aria-hidden="true" /> : <MoonIcon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** Icon button that shows or hides article images everywhere (spec 1 section 2). */
export function ImageToggleButton() {
  const { showImages, toggleShowImages } = useImageVisibility();
  const label = showImages ? 'Hide images' : 'Show images';
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" onClick={toggleShowImages} aria-label={label}>
          {showImages ? <ImageIcon aria-hidden="true" /> : <ImageOffIcon aria-hidden="true" />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

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
